import { TestScheduler } from 'rxjs/testing';
import type { SchedulerLike } from 'rxjs';
import type { HttpPort } from '../../../ports';
import type { Action } from '../../../store/action';
import { createStore, type Envelope } from '../../../store/store';
import { checkDescriptor } from '../../device/descriptor';
import type { EngineDeps, EngineState, PlayerConfig, PlayerEpic } from '../deps';
import { engineReducer } from '../index';

/** One epic action as a test reads it: virtual ms, full type, payload (when it has one). */
export type Logged = [number, string, Record<string, unknown>?];

export const DEVICE_ID = 'd'.repeat(40);
export const CLIENT_VERSION = '1.0.0';

export const PLAYER_CONFIG: PlayerConfig = {
  accountsUrl: 'http://p.test',
  resolveUrl: 'http://p.test/apresolve',
  apiUrl: 'http://p.test',
  drm: {
    localProvider: true,
    licenceUrlEndpoint: 'http://p.test/licence-url',
    serverTimeUrl: 'http://p.test/server-time',
    sdkName: 'embed-sdk',
    sdkVersion: '0.1.0',
    applicationCertificateUrl: 'http://p.test/v1/application-certificate',
  },
};

const checked = checkDescriptor({ id: DEVICE_ID, name: 'Web', model: 'embed', type: 'computer' });
if (!checked.ok) throw new Error(`test descriptor: ${checked.err}`);
const descriptor = checked.descriptor;

/** A port the glue under test must not touch: any use fails the test loudly. */
function unused<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      throw new Error(`The ${name} port is not part of this test (used: ${String(property)})`);
    },
  });
}

/** HTTP for tests that make no request. core/ may not import adapters/: a test hands adapters/fake's in. */
const noHttp = (): HttpPort => ({
  request: (request) => {
    throw new Error(`Unexpected request ${request.method} ${request.url}`);
  },
});

export interface PlayerRunOptions {
  readonly http?: (scheduler: SchedulerLike) => HttpPort;
  readonly stopAt?: number;
}

/**
 * Player epics in a store of the whole engine's reducer, on virtual time: `inputs` are dispatched
 * at their times (src 'ui'), the epics' actions logged as [t, type, payload].
 */
export function runPlayer(
  epics: ReadonlyArray<PlayerEpic>,
  initialState: EngineState,
  inputs: ReadonlyArray<readonly [number, Action]>,
  options: PlayerRunOptions = {},
) {
  // No marble assertions here (the tests read the log): the comparator only guards against misuse.
  const scheduler = new TestScheduler((a, b) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('marble mismatch');
  });
  const log: Logged[] = [];
  let state!: () => EngineState;
  scheduler.run(({ flush }) => {
    const deps: EngineDeps = {
      clock: { now: () => scheduler.now() },
      scheduler,
      random: { next: () => 0.5 },
      http: options.http?.(scheduler) ?? noHttp(),
      storage: unused('storage'),
      socket: unused('socket'),
      mediaSource: unused('mediaSource'),
      eme: unused('eme'),
      device: { descriptor, clientVersion: CLIENT_VERSION },
      media: {
        storageResolveBase: 'http://p.test/storage-resolve/',
        seekTableBase: 'http://p.test/seektable/',
        mimeType: 'audio/mp4; codecs="mp4a.40.2"',
        pauseOnQuotaExceeded: false,
      },
      player: PLAYER_CONFIG,
    };
    const store = createStore<EngineState, EngineDeps>({
      reducer: engineReducer,
      epics,
      deps,
      initialState,
      onEnvelope: (e: Envelope) => {
        if (e.src !== 'epic') return;
        const { type, ...payload } = e.action as Action & Record<string, unknown>;
        log.push(Object.keys(payload).length === 0 ? [e.t, type] : [e.t, type, payload]);
      },
    });
    state = () => store.getState();
    for (const [at, action] of inputs) scheduler.schedule(() => store.dispatch(action, 'ui'), at);
    scheduler.schedule(() => store.stop(), options.stopAt ?? 10000);
    flush();
  });
  return { log, state };
}

/** The log's entries of these types only. */
export const only = (log: readonly Logged[], ...types: string[]): Logged[] => log.filter(([, type]) => types.includes(type));
