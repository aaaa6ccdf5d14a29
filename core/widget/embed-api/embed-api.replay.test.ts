import { VirtualTimeScheduler, of } from 'rxjs';
import { createFakePorts } from '../../../adapters/fake';
import type { FakeHost } from '../../../adapters/fake/fake-host';
import { createActionLog, parseActionLog } from '../../store/action-log';
import { replayEngine, replayFold } from '../../store/replay';
import { createStore } from '../../store/store';
import { bindAdapterFacts } from '../adapter-facts';
import { recordedMessage } from './recorded-message';
import { decodeEngineEvent } from '../full-playback/engine-facts';
import { widgetEpics } from '../all-epics';
import { widgetReducer } from '../reducer';
import { initialWidgetState } from '../state';
import { albumData } from '../testing/album-data';

/**
 * ARCHITECTURE.md §3 Replay: a session driven by a parent page (spec 000 §7) replays in both modes,
 * because the flag and every raw message are recorded as adapter facts; the replay's default fake
 * ports have no embed-api=1 in their address and post nothing on their own.
 */
describe('a session driven through the embed API replays (spec 000 §7)', () => {
  const initialState = initialWidgetState(albumData());
  const scheduler = new VirtualTimeScheduler();
  const ports = createFakePorts(scheduler, { location: 'http://localhost/embed/album/album1?embed-api=1', audio: { simulate: true } });
  const log = createActionLog({ app: 'embed-player', version: 'test', initialState });
  const store = createStore({ reducer: widgetReducer, epics: widgetEpics, deps: ports, initialState, onEnvelope: log.record });
  bindAdapterFacts(store, ports, { embedApiReader$: of(recordedMessage), engineEventDecoder$: of(decodeEngineEvent) });
  const post = (at: number, data: unknown) =>
    scheduler.schedule(() => (ports.host as FakeHost).emitMessage({ origin: 'http://parent.test', data, fromParent: true }), at);
  post(100, { type: 'api/connect', source: 'embed-api', channelId: 'c' });
  post(200, { type: 'api/play', source: 'embed-api' });
  post(300, 'not an object');
  // Issue 12: refused where they are read (another window; oversized), and replayed as recorded.
  scheduler.schedule(
    () => (ports.host as FakeHost).emitMessage({ origin: 'http://other.test', data: { type: 'api/stop', source: 'embed-api' }, fromParent: false }),
    4000,
  );
  post(4100, { type: 'api/stop', source: 'embed-api', pad: 'x'.repeat(100_000) });
  post(5000, { type: 'api/next', source: 'embed-api' });
  post(8000, { type: 'api/stop', source: 'embed-api' });
  post(9000, { type: 'api/unknown', source: 'embed-api' });
  scheduler.flush();
  const file = parseActionLog(log.toJsonl());

  it('played track 1, then track 2, and stopped; the parent heard each change', () => {
    expect(store.getState().playback).toMatchObject({ isPlaying: false, isPaused: true, trackUri: 'spotify:track:track2' });
    const contexts = ports.calls.host.map(
      (line) => JSON.parse(line.replace(/^postToParent \* /, '')) as { context: { isPlaying: boolean; currentTrack: { uri: string } } },
    );
    expect(contexts.map((c) => `${c.context.currentTrack.uri} ${c.context.isPlaying}`)).toEqual([
      'spotify:track:track1 false',
      'spotify:track:track1 true',
      'spotify:track:track2 true',
      'spotify:track:track2 false',
      'spotify:track:track2 false',
    ]);
  });

  it('recorded the two refusals, without their data', () => {
    expect(file.entries.filter((e) => e.action.type === 'embedApi/messageRefused').map((e) => e.action)).toEqual([
      { type: 'embedApi/messageRefused', origin: 'http://other.test', reason: 'not from the parent window' },
      {
        type: 'embedApi/messageRefused',
        origin: 'http://parent.test',
        reason: 'larger than 4096 bytes as JSON (the message.pad is a string of 100000 characters)',
      },
    ]);
  });

  it('fold and engine replay give the live state, regenerating every epic action', () => {
    expect(replayFold(file, widgetReducer).finalState).toEqual(store.getState());
    const engine = replayEngine(file, { reducer: widgetReducer, epics: widgetEpics, makeDeps: (s) => createFakePorts(s) });
    if (!engine.ok) throw new Error(engine.divergence.message);
    expect(engine.finalState).toEqual(store.getState());
  });
});
