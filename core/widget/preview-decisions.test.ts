import { produce } from 'immer';
import * as a from './actions';
import { advanceDecisions, capDecisions, playDecisions, seekDecisions, startDecisions } from './preview-decisions';
import { initialWidgetState, type WidgetState } from './state';
import { albumData, testTrack } from './testing/album-data';

const fresh = initialWidgetState(albumData());
const at = (index: number, status: WidgetState['player']['status']) =>
  produce(fresh, (s) => {
    s.player = { started: true, index, status, error: null };
  });
const load = (n: number) => a.trackLoadDecided({ index: n - 1, uri: `spotify:track:track${n}`, src: `https://cdn.test/preview/track${n}.mp3` });

describe('preview player decisions (spec 001 §4 Preview player, spec 000 §2 first use, §4 Preview mode)', () => {
  it.each([
    ['first use starts and loads the first track', startDecisions(fresh), [a.playerStarted(), load(1)]],
    ['a started player does not start again', startDecisions(at(0, 'paused')), []],
    ['play on a loaded track is one play decision', playDecisions(at(1, 'paused')), [a.playDecided()]],
    ['a seek before first use starts the player first', seekDecisions(fresh, 5000), [a.playerStarted(), load(1), a.seekDecided({ positionMs: 5000 })]],
    [
      'an end with nothing loaded decides nothing',
      advanceDecisions(
        produce(fresh, (s) => {
          s.player.started = true;
        }),
      ),
      [],
    ],
    ['an end moves to the next track and plays it', advanceDecisions(at(0, 'ended')), [load(2), a.playDecided()]],
    ['the cap does nothing below 30000 ms', capDecisions(at(0, 'playing'), 29999), []],
    ['the cap does nothing unless the track is playing (it fired once already)', capDecisions(at(0, 'ended'), 30500), []],
    [
      'the cap at 30000 ms pauses and advances',
      capDecisions(at(0, 'playing'), 30000),
      [a.previewCapReached({ positionMs: 30000 }), a.pauseDecided(), load(2), a.playDecided()],
    ],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('a player that found nothing playable at first use reports the first track unavailable on play', () => {
    const none = produce(initialWidgetState(albumData([testTrack(1, { is_playable: false })])), (s) => {
      s.player.started = true;
    });
    expect(playDecisions(none)).toEqual([a.trackUnavailable({ index: 0, uri: 'spotify:track:track1' })]);
    expect(seekDecisions(none, 1000)).toEqual([]);
  });
});
