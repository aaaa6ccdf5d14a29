import { produce } from 'immer';
import { createFakePorts } from '../../../adapters/fake';
import * as a from '../actions';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData, testTrack } from '../testing/album-data';
import { runScenario, type Scenario } from '../testing/scenario';
import { unavailableTextKey } from './prompt.epic';

const scenario = (s: Omit<Scenario, 'prefixes'>) =>
  runScenario({ ...s, prefixes: ['modal/'] }, { makePorts: (scheduler) => createFakePorts(scheduler), assertEqual: (x, y) => expect(x).toEqual(y) });

const anonymous = initialWidgetState(albumData());
const loggedIn = produce(anonymous, (s) => {
  s.session = { loggedIn: true, accessToken: 'token' };
});
/** Track 1 playing, as after the first play. */
const playing = (state: WidgetState): WidgetState =>
  produce(state, (s) => {
    s.player = { started: true, index: 0, status: 'playing', error: null };
    s.playback = { isPlaying: true, isPaused: false, trackUri: 'spotify:track:track1', progress: 0, durationMs: 30000 };
  });
const shown = { x: a.promptShown() };

describe('sign-up prompt after play (spec 000 §4 Play rules: "triggers the sign-up prompt after 3000 ms")', () => {
  it('shows the prompt 3000 ms after the play button starts playback', () => {
    const { state } = scenario({ ui: 'p', inputs: { p: a.playToggleRequested({ via: 'button' }) }, expected: '3000ms x', outputs: shown });
    expect(state.modal).toEqual({ kind: 'prompt' });
  });

  it('counts a track-row click too, and a newer play restarts the delay', () => {
    scenario({
      ui: 'r 999ms s',
      inputs: { r: a.trackRowClicked({ index: 0 }), s: a.trackRowClicked({ index: 1 }) },
      // r at 0 ms is superseded by s at 1000 ms: one prompt, at 4000 ms.
      expected: '4000ms x',
      outputs: shown,
    });
  });

  it('shows nothing outside preview mode (logged in with a token)', () => {
    const { state } = scenario({ initialState: loggedIn, ui: 'p', inputs: { p: a.playToggleRequested({ via: 'button' }) }, expected: '', outputs: {} });
    expect(state.modal).toEqual({ kind: 'hidden' });
  });

  it('never replaces a visible unavailable-track notice', () => {
    const withNotice = produce(anonymous, (s) => {
      s.modal = { kind: 'unavailable-track', textKey: 'embed_track_not_available' };
    });
    const { state } = scenario({ initialState: withNotice, ui: 'p', inputs: { p: a.playToggleRequested({ via: 'button' }) }, expected: '', outputs: {} });
    expect(state.modal).toEqual({ kind: 'unavailable-track', textKey: 'embed_track_not_available' });
  });

  it('close hides it; the next play shows it again 3000 ms later', () => {
    const { state } = scenario({
      initialState: playing(anonymous),
      ui: 'p 3999ms c 999ms q',
      inputs: {
        p: a.playDecided(),
        c: a.modalCloseRequested({ via: 'escape' }),
        q: a.playDecided(),
      },
      expected: '3000ms x 1999ms 3000ms y',
      outputs: { x: a.promptShown(), y: a.promptShown() },
    });
    expect(state.modal).toEqual({ kind: 'prompt' });
  });

  it('hides on close (Escape)', () => {
    const { state } = scenario({
      ui: 'p 3499ms c',
      inputs: { p: a.playToggleRequested({ via: 'button' }), c: a.modalCloseRequested({ via: 'escape' }) },
      expected: '3000ms x',
      outputs: shown,
    });
    expect(state.modal).toEqual({ kind: 'hidden' });
  });
});

describe('the 3000 ms prompt follows a fresh start only (spec 000 §4 Play rules: "if paused and no index is given, it resumes")', () => {
  /** Track 1 paused at 12 s, as after a play and a pause (the prompt closed or never shown). */
  const paused = produce(anonymous, (s) => {
    s.player = { started: true, index: 0, status: 'paused', error: null };
    s.playback = { isPlaying: false, isPaused: true, trackUri: 'spotify:track:track1', progress: 12000, durationMs: 30000 };
  });
  const api = (command: 'play' | 'next') => a.embedApiCommandReceived({ command, messageType: `api/${command}`, channelId: null });

  it('a resume after pause (the play button) shows no prompt, however long it plays', () => {
    const { state } = scenario({ initialState: paused, ui: 'r', inputs: { r: a.playToggleRequested({ via: 'button' }) }, expected: '', outputs: {} });
    expect(state.modal).toEqual({ kind: 'hidden' });
  });

  it("the space bar and the parent page's api/play (no index) resume too: no prompt", () => {
    scenario({ initialState: paused, ui: 'k', inputs: { k: a.playToggleRequested({ via: 'keyboard' }) }, expected: '', outputs: {} });
    scenario({ initialState: paused, ui: 'p', inputs: { p: api('play') }, expected: '', outputs: {} });
  });

  it('with an index given it starts, paused or not: a track row while paused shows the prompt 3000 ms later', () => {
    scenario({ initialState: paused, ui: 'r', inputs: { r: a.trackRowClicked({ index: 1 }) }, expected: '3000ms x', outputs: shown });
  });

  it('api/next starts the next track: the prompt 3000 ms later', () => {
    scenario({ initialState: paused, ui: 'n', inputs: { n: api('next') }, expected: '3000ms x', outputs: shown });
  });

  it('play, pause at 1 s, resume at 2 s: one prompt, 3000 ms after the start (the resume neither restarts nor cancels the delay)', () => {
    const { state } = scenario({
      ui: 'p 999ms q 999ms r',
      // The element reports playing at 1 ms and the pause at 1001 ms: paused when the resume comes at 2000 ms.
      adapter: '-m 999ms n',
      inputs: {
        p: a.playToggleRequested({ via: 'button' }),
        m: a.mediaPlaying({ positionMs: 0 }),
        q: a.playToggleRequested({ via: 'button' }),
        n: a.mediaPaused({ positionMs: 1000 }),
        r: a.playToggleRequested({ via: 'button' }),
      },
      expected: '3000ms x',
      outputs: shown,
    });
    expect(state.modal).toEqual({ kind: 'prompt' });
  });

  it('a resume after the prompt was closed does not bring it back', () => {
    const { state } = scenario({
      initialState: paused,
      ui: 'c 999ms r',
      inputs: { c: a.modalCloseRequested({ via: 'button' }), r: a.playToggleRequested({ via: 'button' }) },
      expected: '',
      outputs: {},
    });
    expect(state.modal).toEqual({ kind: 'hidden' });
  });
});

describe('sign-up prompt on progress (spec 000 §4 Play rules: "Progress above 29500 ms")', () => {
  const progress = (ms: number | null) => a.playbackProgressed({ progress: ms });

  it('29500 ms exactly does not trigger; 29501 ms does, once', () => {
    const { state } = scenario({
      initialState: playing(anonymous),
      adapter: 'a-b-c-d',
      inputs: { a: progress(29000), b: progress(29500), c: progress(29501), d: progress(29750) },
      expected: '----x',
      outputs: shown,
    });
    expect(state.modal).toEqual({ kind: 'prompt' });
  });

  it('a closed prompt stays closed for the rest of the track; the next track above 29500 ms shows it again', () => {
    scenario({
      initialState: playing(anonymous),
      ui: '--c',
      adapter: '-a--b-t-d',
      inputs: {
        a: progress(29600),
        c: a.modalCloseRequested({ via: 'button' }),
        b: progress(29800),
        t: a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 30000 }),
        d: progress(29700),
      },
      expected: '-x------y',
      outputs: { x: a.promptShown(), y: a.promptShown() },
    });
  });

  it('shows nothing outside preview mode', () => {
    scenario({ initialState: playing(loggedIn), adapter: '-a', inputs: { a: progress(29600) }, expected: '', outputs: {} });
  });
});

describe('sign-up prompt on skip (spec 000 §4 SKIP_NEXT, SKIP_PREV: "then trigger the sign-up prompt")', () => {
  it('shows the prompt at once on skip-forward', () => {
    scenario({
      initialState: playing(anonymous),
      ui: '-n',
      inputs: { n: a.skipNextRequested() },
      // At once, and not again when the skip's own play comes due 3000 ms later (already showing).
      expected: '-x',
      outputs: shown,
    });
  });

  it('closed at once after a skip, it does not come back 3000 ms later: the skip prompted already (not a play rule start)', () => {
    const { state } = scenario({
      initialState: playing(anonymous),
      ui: '-nc',
      inputs: { n: a.skipNextRequested(), c: a.modalCloseRequested({ via: 'button' }) },
      expected: '-x',
      outputs: shown,
    });
    expect(state.modal).toEqual({ kind: 'hidden' });
  });

  it('shows the prompt at once on skip-back', () => {
    const { state } = scenario({ initialState: playing(anonymous), ui: '-b', inputs: { b: a.skipPrevRequested() }, expected: '-x', outputs: shown });
    expect(state.modal).toEqual({ kind: 'prompt' });
  });
});

describe('unavailable-track notice (spec 000 §8: the text by type)', () => {
  it('shows embed_track_not_available when a track is unavailable, and a later prompt does not replace it', () => {
    const list = [testTrack(1, { is_playable: false }), testTrack(2)];
    const { state } = scenario({
      initialState: initialWidgetState(albumData(list)),
      adapter: 'u',
      ui: '-p',
      inputs: { u: a.trackUnavailable({ index: 0, uri: 'spotify:track:track1' }), p: a.playDecided() },
      expected: 'x',
      outputs: { x: a.unavailableShown({ textKey: 'embed_track_not_available' }) },
    });
    expect(state.modal).toEqual({ kind: 'unavailable-track', textKey: 'embed_track_not_available' });
  });

  it.each([
    ['spotify:track:abc', 'embed_track_not_available'],
    ['spotify:episode:abc', 'embed_episode_preview_not_available'],
  ])('%s -> %s', (uri, key) => {
    expect(unavailableTextKey(uri)).toBe(key);
  });
});
