import { produce } from 'immer';
import type { Action } from '../store/action';
import * as a from './actions';
import * as fullContract from './full-playback/contract-actions';
import * as remoteFact from './remote/state-received';
import { widgetReducer } from './reducer';
import { initialPlayback, initialWidgetState, type WidgetState } from './state';
import { albumData } from './testing/album-data';
import { widgetActionCreators } from './widget-action';

const base = initialWidgetState(albumData());
const state = (patch: (draft: { -readonly [K in keyof WidgetState]: WidgetState[K] }) => void = () => undefined): WidgetState =>
  produce(base, (draft) => {
    patch(draft);
  });

type Row = readonly [rule: string, before: WidgetState, action: Action, after: WidgetState];

const playing = state((s) => {
  s.playback = { isPlaying: true, isPaused: false, trackUri: 'spotify:track:track1', progress: 12000, durationMs: 30000 };
  s.player = { started: true, index: 0, status: 'playing', error: null };
});

const table: ReadonlyArray<Row> = [
  // spec 000 §4 Playback state table.
  [
    'PLAY: playing, not paused',
    state((s) => {
      s.playback = { ...initialPlayback, isPaused: true };
    }),
    a.playbackPlayed(),
    state((s) => {
      s.playback = { ...initialPlayback, isPlaying: true, isPaused: false };
    }),
  ],
  [
    'PAUSE: not playing, paused',
    playing,
    a.playbackPaused(),
    produce(playing, (s) => {
      s.playback.isPlaying = false;
      s.playback.isPaused = true;
    }),
  ],
  [
    'TRACK_CHANGE: sets the track uri, progress back to 0, and the duration',
    playing,
    a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 30000 }),
    produce(playing, (s) => {
      s.playback.trackUri = 'spotify:track:track2';
      s.playback.progress = 0;
      s.playback.durationMs = 30000;
    }),
  ],
  [
    'RESET: back to the initial playback state',
    playing,
    a.playbackReset(),
    produce(playing, (s) => {
      s.playback = initialPlayback;
    }),
  ],
  [
    'PROGRESS_UPDATE: sets the position',
    playing,
    a.playbackProgressed({ progress: 15500 }),
    produce(playing, (s) => {
      s.playback.progress = 15500;
    }),
  ],
  [
    'PROGRESS_UPDATE: 0 when empty',
    playing,
    a.playbackProgressed({ progress: null }),
    produce(playing, (s) => {
      s.playback.progress = 0;
    }),
  ],
  [
    'UNAVAILABLE_TRACK pauses the resource',
    playing,
    a.trackUnavailable({ index: 2, uri: 'spotify:track:track3' }),
    produce(playing, (s) => {
      s.playback.isPlaying = false;
      s.playback.isPaused = true;
      s.player.status = 'paused';
    }),
  ],

  // spec 000 §4 SKIP_NEXT, SKIP_PREV: "mark the skip"; the player's report of where it went clears it.
  [
    'SKIP_NEXT marks the skip (next)',
    playing,
    a.skipNextRequested(),
    produce(playing, (s) => {
      s.playback.skip = 'next';
    }),
  ],
  [
    'SKIP_PREV marks the skip (prev)',
    playing,
    a.skipPrevRequested(),
    produce(playing, (s) => {
      s.playback.skip = 'prev';
    }),
  ],
  [
    'SKIP_PREV after SKIP_NEXT: the last skip is marked',
    produce(playing, (s) => {
      s.playback.skip = 'next';
    }),
    a.skipPrevRequested(),
    produce(playing, (s) => {
      s.playback.skip = 'prev';
    }),
  ],
  [
    'TRACK_CHANGE: the skip reached its track, the mark is cleared',
    produce(playing, (s) => {
      s.playback.skip = 'next';
    }),
    a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 30000 }),
    produce(playing, (s) => {
      s.playback.trackUri = 'spotify:track:track2';
      s.playback.progress = 0;
      s.playback.durationMs = 30000;
    }),
  ],
  [
    'PLAY: the skip started the same track over, the mark is cleared',
    produce(playing, (s) => {
      s.playback.skip = 'prev';
    }),
    a.playbackPlayed(),
    playing,
  ],
  [
    'UNAVAILABLE_TRACK: the skip could not play, the mark is cleared',
    produce(playing, (s) => {
      s.playback.skip = 'next';
    }),
    a.trackUnavailable({ index: 1, uri: 'spotify:track:track2' }),
    produce(playing, (s) => {
      s.playback.isPlaying = false;
      s.playback.isPaused = true;
      s.player.status = 'paused';
    }),
  ],
  [
    'RESET clears the mark',
    produce(playing, (s) => {
      s.playback.skip = 'next';
    }),
    a.playbackReset(),
    produce(playing, (s) => {
      s.playback = initialPlayback;
    }),
  ],
  [
    'a media error clears the mark',
    produce(playing, (s) => {
      s.playback.skip = 'next';
    }),
    a.mediaFailed({ code: 'MEDIA_NETWORK_ERROR', message: 'Network error.' }),
    produce(playing, (s) => {
      s.player.status = 'paused';
      s.player.error = 'Network error.';
    }),
  ],
  [
    'a pause (the old track, while the skip loads) keeps the mark',
    produce(playing, (s) => {
      s.playback.skip = 'next';
    }),
    a.playbackPaused(),
    produce(playing, (s) => {
      s.playback.isPlaying = false;
      s.playback.isPaused = true;
      s.playback.skip = 'next';
    }),
  ],

  // spec 000 §5: seek is clamped between 0 and the maximum. A seek is the asked position (seekTarget,
  // progress-drag.ts); the player's progress changes when it reports where it is.
  [
    'seek beyond the duration is clamped to it',
    playing,
    a.seekRequested({ positionMs: 45000 }),
    produce(playing, (s) => {
      s.seekTarget = { dragging: false, positionMs: 30000, skipRenders: 3 };
    }),
  ],
  [
    'seek below 0 is clamped to 0',
    playing,
    a.seekRequested({ positionMs: -5 }),
    produce(playing, (s) => {
      s.seekTarget = { dragging: false, positionMs: 0, skipRenders: 3 };
    }),
  ],
  [
    'seek before play is asked against the catalogue length (capped in preview)',
    base,
    a.seekRequested({ positionMs: 45000 }),
    produce(base, (s) => {
      s.seekTarget = { dragging: false, positionMs: 30000, skipRenders: 3 };
    }),
  ],
  [
    'a seek decision sets the progress',
    playing,
    a.seekDecided({ positionMs: 4000 }),
    produce(playing, (s) => {
      s.playback.progress = 4000;
    }),
  ],

  // spec 001 §4 Preview player status.
  [
    'first use starts the player',
    base,
    a.playerStarted(),
    state((s) => {
      s.player = { ...base.player, started: true };
    }),
  ],
  [
    'a load decision points the player at a track and clears the last error',
    state((s) => {
      s.player = { started: true, index: null, status: 'idle', error: 'Network error.' };
    }),
    a.trackLoadDecided({ index: 1, uri: 'spotify:track:track2', src: 'x' }),
    state((s) => {
      s.player = { started: true, index: 1, status: 'loading', error: null };
    }),
  ],
  [
    'media playing',
    produce(playing, (s) => {
      s.player.status = 'loading';
    }),
    a.mediaPlaying({ positionMs: 0 }),
    playing,
  ],
  [
    'media paused',
    playing,
    a.mediaPaused({ positionMs: 12000 }),
    produce(playing, (s) => {
      s.player.status = 'paused';
    }),
  ],
  [
    'a pause of the old track while the next one loads is ignored',
    produce(playing, (s) => {
      s.player.status = 'loading';
    }),
    a.mediaPaused({ positionMs: 12000 }),
    produce(playing, (s) => {
      s.player.status = 'loading';
    }),
  ],
  [
    'media ended',
    playing,
    a.mediaEnded(),
    produce(playing, (s) => {
      s.player.status = 'ended';
    }),
  ],
  [
    'an end of the old track while the next one loads is ignored',
    produce(playing, (s) => {
      s.player.status = 'loading';
    }),
    a.mediaEnded(),
    produce(playing, (s) => {
      s.player.status = 'loading';
    }),
  ],
  [
    'spec 000 §4 preview cap ends the track',
    playing,
    a.previewCapReached({ positionMs: 30000 }),
    produce(playing, (s) => {
      s.player.status = 'ended';
    }),
  ],
  [
    'spec 001 §8 Media: a media error keeps its catalogue text',
    playing,
    a.mediaFailed({ code: 'MEDIA_NETWORK_ERROR', message: 'Network error.' }),
    produce(playing, (s) => {
      s.player.status = 'paused';
      s.player.error = 'Network error.';
    }),
  ],
  ['spec 001 §4: a refused play() is silently ignored (no error state)', playing, a.playRefused({ message: 'refused' }), playing],

  // Start-up, viewport, impression.
  [
    'a session starts',
    base,
    a.sessionStarted({ sessionId: 'ab'.repeat(16) }),
    state((s) => {
      s.sessionId = 'ab'.repeat(16);
    }),
  ],
  [
    'a measured viewport sets width and height',
    base,
    a.viewportMeasured({ width: 400, height: 380 }),
    state((s) => {
      s.viewport = { width: 400, height: 380 };
    }),
  ],
  ['a raw resize waits for the debounce', base, a.windowResized({ width: 400, height: 380 }), base],
  [
    'impression logged',
    base,
    a.impressionLogged({ status: 204 }),
    state((s) => {
      s.impression = 'sent';
    }),
  ],
  [
    'impression failed',
    base,
    a.impressionFailed({ err: 'Request was not successful (status 500)' }),
    state((s) => {
      s.impression = 'failed';
    }),
  ],
  ['an action of another domain leaves the state as it is', playing, { type: 'dealer/connected' }, playing],
];

describe('widgetReducer (spec 000 §4 Playback state, spec 001 §4 Preview player)', () => {
  it.each(table)('%s', (_rule, before, action, after) => {
    expect(widgetReducer(before, action)).toEqual(after);
  });

  it('never mutates the state it is given (immer)', () => {
    const frozen = JSON.parse(JSON.stringify(playing)) as WidgetState;
    for (const [, before, action] of table) widgetReducer(before, action);
    expect(playing).toEqual(frozen);
  });

  it('returns the same object when nothing changes, so subscribers do not re-render', () => {
    expect(widgetReducer(playing, a.mediaWaiting())).toBe(playing);
  });

  it('is exhaustive over every action declared in actions.ts and the ones that carry contract codecs (the list the log decodes with)', () => {
    const declared = [...Object.values(a), ...Object.values(fullContract), ...Object.values(remoteFact)]
      .filter((value): value is typeof a.pointerEntered => typeof value === 'function' && 'type' in value)
      .map((creator) => creator.type)
      .sort();
    expect(widgetActionCreators.map((creator) => creator.type).sort()).toEqual(declared);
  });
});
