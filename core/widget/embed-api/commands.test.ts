import { produce } from 'immer';
import * as a from '../actions';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData, testTrack } from '../testing/album-data';
import { apiCommandDecisions, apiPlayDecisions, apiStopDecisions } from './commands';

const apiSkipDecisions = (state: WidgetState, command: 'next' | 'prev') => apiCommandDecisions(state, command);

const fresh = initialWidgetState(albumData());
const at = (index: number, status: WidgetState['player']['status'], isPlaying = status === 'playing', base = fresh) =>
  produce(base, (s) => {
    s.player = { started: true, index, status, error: null };
    s.playback.isPlaying = isPlaying;
  });
const load = (n: number) => a.trackLoadDecided({ index: n - 1, uri: `spotify:track:track${n}`, src: `https://cdn.test/preview/track${n}.mp3` });
// Track 2 cannot be previewed: next and previous land on it and report it (spec 001 §4 Preview player).
const gap = initialWidgetState(albumData([testTrack(1), testTrack(2, { is_playable: false }), testTrack(3)]));

describe('api/play and api/stop (spec 000 §4 Play rules, PAUSE; spec 000 §7)', () => {
  it.each([
    ['play before first use starts, loads the first track and plays', apiPlayDecisions(fresh), [a.playerStarted(), load(1), a.playDecided()]],
    ['play while paused resumes', apiPlayDecisions(at(1, 'paused')), [a.playDecided()]],
    ['play while playing does nothing (no toggle)', apiPlayDecisions(at(1, 'playing')), []],
    ['stop while playing pauses', apiStopDecisions(at(1, 'playing')), [a.pauseDecided()]],
    ['stop while a play is pending (loading) pauses too', apiStopDecisions(at(0, 'loading', false)), [a.pauseDecided()]],
    ['stop before first use does nothing', apiStopDecisions(fresh), []],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe("api/next and api/prev: the skip buttons' decisions (spec 001 §4 Preview player: next wraps to the first, previous goes to the prior index)", () => {
  it.each([
    ['next before first use starts and plays the track after the first', apiSkipDecisions(fresh, 'next'), [a.playerStarted(), load(2), a.playDecided()]],
    ['next moves to the next track and plays it', apiSkipDecisions(at(0, 'playing'), 'next'), [load(2), a.playDecided()]],
    ['next at the last track wraps to the first', apiSkipDecisions(at(2, 'playing'), 'next'), [load(1), a.playDecided()]],
    [
      'next onto an unplayable track reports it unavailable',
      apiSkipDecisions(at(0, 'playing', true, gap), 'next'),
      [a.trackUnavailable({ index: 1, uri: 'spotify:track:track2' })],
    ],
    ['prev goes to the prior index', apiSkipDecisions(at(2, 'paused'), 'prev'), [load(2), a.playDecided()]],
    [
      'prev onto an unplayable track reports it unavailable',
      apiSkipDecisions(at(2, 'playing', true, gap), 'prev'),
      [a.trackUnavailable({ index: 1, uri: 'spotify:track:track2' })],
    ],
    ['prev at the first track starts it over', apiSkipDecisions(at(0, 'playing'), 'prev'), [a.seekDecided({ positionMs: 0 }), a.playDecided()]],
    [
      'next with a single track starts it over',
      apiSkipDecisions(at(0, 'playing', true, initialWidgetState(albumData([testTrack(1)]))), 'next'),
      [a.seekDecided({ positionMs: 0 }), a.playDecided()],
    ],
    [
      'with nothing playable, the first track is reported unavailable (spec 001 §4)',
      apiSkipDecisions(initialWidgetState(albumData([testTrack(1, { is_playable: false })])), 'next'),
      [a.playerStarted(), a.trackUnavailable({ index: 0, uri: 'spotify:track:track1' })],
    ],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('api/connect and api/context decide no playback', () => {
    expect(apiCommandDecisions(fresh, 'connect')).toEqual([]);
    expect(apiCommandDecisions(fresh, 'context')).toEqual([]);
  });
});
