import type { SchedulerLike } from 'rxjs';
import type { AudioFact, EngineCommand, HttpRequest, Ports, Viewport } from '../../core/ports';
import { createFakeEngine } from './fake-engine';
import { createFakeAudio, type FakeAudioOptions } from './fake-audio';
import { createFakeHost } from './fake-host';
import { createFakeHttp, type HttpResponder } from './fake-http';
import { createFakeStorage } from './fake-storage';
import { createSeededRandom } from './seeded-random';

export { createFakeAudio, PLAY_REFUSED_MESSAGE, type FakeAudioOptions } from './fake-audio';
export { createFakeHost, DEFAULT_LOCATION, DEFAULT_VIEWPORT } from './fake-host';
export { createFakeHttp, noContent, type HttpResponder } from './fake-http';
export { createFakeStorage } from './fake-storage';
export { createFakeEngine, type FakeEngine } from './fake-engine';
export { createFakeEme, FAKE_CLEARKEY_CHALLENGE, type FakeEme, type FakeEmeScript } from './fake-eme';
export { createFakeMediaSource, type FakeMediaSource, type FakeMediaSourceScript } from './fake-media-source';
export { createFakeVideoSource, type FakeVideoSource, type FakeVideoSourceScript } from './fake-video-source';
export { acceptingDealer, createFakeSocket, unreachableDealer, type FakeSocket, type FakeSocketScript, type FakeSocketScripter } from './fake-socket';
export { createSeededRandom } from './seeded-random';

export interface FakePortsOptions {
  readonly viewport?: Viewport;
  /** Answers every request; 204 with an empty body by default. */
  readonly httpResponder?: HttpResponder;
  /** Scheduler time before an answer arrives (0 by default: the next scheduler turn). */
  readonly httpLatencyMs?: number;
  readonly randomSeed?: number;
  /** The page's address (location()). */
  readonly location?: string;
  readonly audio?: FakeAudioOptions;
}

export interface FakePorts extends Ports {
  /** Every outward call, in order, for assertions. */
  readonly calls: { readonly http: HttpRequest[]; readonly audio: string[]; readonly host: string[]; readonly engine: EngineCommand[] };
  emitAudioFact(fact: AudioFact): void;
  emitEngineEvent(event: unknown): void;
  emitResize(viewport: Viewport): void;
}

/**
 * Scheduler-driven fakes of every port (ARCHITECTURE.md §2 adapters/fake), for tests and engine
 * replay. With no options they behave like a normal session: requests succeed, play() is allowed,
 * the clock follows the scheduler and randomness is seeded.
 */
export function createFakePorts(scheduler: SchedulerLike, options: FakePortsOptions = {}): FakePorts {
  const calls = { http: [] as HttpRequest[], audio: [] as string[], host: [] as string[], engine: [] as EngineCommand[] };
  const engine = createFakeEngine(scheduler, calls.engine);
  const audio = createFakeAudio(scheduler, calls.audio, options.audio);
  const host = createFakeHost(calls.host, {
    scheduler,
    ...(options.viewport === undefined ? {} : { viewport: options.viewport }),
    ...(options.location === undefined ? {} : { location: options.location }),
  });
  return {
    clock: { now: () => scheduler.now() },
    scheduler,
    random: createSeededRandom(options.randomSeed),
    http: createFakeHttp(scheduler, calls.http, options.httpResponder, options.httpLatencyMs),
    storage: createFakeStorage(),
    host,
    audio,
    engine,
    calls,
    emitAudioFact: (fact) => audio.emit(fact),
    emitEngineEvent: (event) => engine.emit(event),
    emitResize: (viewport) => host.emitResize(viewport),
  };
}
