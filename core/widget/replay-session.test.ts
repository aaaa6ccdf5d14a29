import { VirtualTimeScheduler, of } from 'rxjs';
import { createFakePorts } from '../../adapters/fake';
import { createActionLog, parseActionLog } from '../store/action-log';
import { replayEngine, replayFold } from '../store/replay';
import { createStore } from '../store/store';
import { playToggleRequested, pointerEntered } from './actions';
import { bindAdapterFacts } from './adapter-facts';
import { recordedMessage } from './embed-api/recorded-message';
import { decodeEngineEvent } from './full-playback/engine-facts';
import { widgetEpics } from './all-epics';
import { widgetReducer } from './reducer';
import { initialWidgetState } from './state';
import { albumData } from './testing/album-data';

/**
 * ARCHITECTURE.md §3 Replay: a whole preview session, recorded on ports that differ from the
 * replay's default fakes (another random seed, another window size, an element that really
 * plays), replays in both modes to the same state. This holds only because what comes from the
 * world (session id, viewport, media events) enters the log as input.
 */
describe('a recorded preview session replays (spec 001 §4 Preview player, ARCHITECTURE.md §3)', () => {
  const initialState = initialWidgetState(albumData());
  const scheduler = new VirtualTimeScheduler();
  const ports = createFakePorts(scheduler, { randomSeed: 99, viewport: { width: 400, height: 380 }, audio: { simulate: true } });
  const log = createActionLog({ app: 'embed-player', version: 'test', initialState });
  const store = createStore({ reducer: widgetReducer, epics: widgetEpics, deps: ports, initialState, onEnvelope: log.record });
  bindAdapterFacts(store, ports, { embedApiReader$: of(recordedMessage), engineEventDecoder$: of(decodeEngineEvent) });
  scheduler.schedule(() => store.dispatch(pointerEntered()), 100);
  scheduler.schedule(() => store.dispatch(playToggleRequested({ via: 'button' })), 500);
  scheduler.schedule(() => ports.emitResize({ width: 420, height: 380 }), 700);
  scheduler.flush();
  const file = parseActionLog(log.toJsonl());

  it('plays the three previews in turn, each capped, then stops on the first track, paused at 0', () => {
    const src = (n: number) => `load https://cdn.test/preview/track${n}.mp3`;
    expect(ports.calls.audio).toEqual([
      'prefetch https://cdn.test/preview/track1.mp3',
      src(1),
      'play',
      'pause',
      src(2),
      'play',
      'pause',
      src(3),
      'play',
      'pause',
      src(1),
    ]);
    expect(store.getState().playback).toEqual({ isPlaying: false, isPaused: true, trackUri: 'spotify:track:track1', progress: 0, durationMs: 30000 });
    expect(store.getState().viewport).toEqual({ width: 420, height: 380 });
    expect(store.getState().impression).toBe('sent');
  });

  it('fold replay gives the live state', () => {
    expect(replayFold(file, widgetReducer).finalState).toEqual(store.getState());
  });

  it('engine replay on the default fake ports regenerates every epic action and the live state', () => {
    const engine = replayEngine(file, { reducer: widgetReducer, epics: widgetEpics, makeDeps: (s) => createFakePorts(s) });
    if (!engine.ok) throw new Error(engine.divergence.message);
    expect(engine.generated).toHaveLength(file.entries.filter((e) => e.src === 'epic').length);
    expect(engine.finalState).toEqual(store.getState());
  });
});
