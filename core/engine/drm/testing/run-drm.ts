import type { SchedulerLike } from 'rxjs';
import type { EmePort, HttpPort, HttpRequest, HttpResponse } from '../../../ports';
import type { Action } from '../../../store/action';
import { createStore, type Envelope } from '../../../store/store';
import { sessionReducer } from '../../session/reducer';
import { initialSessionState, type SessionSlice } from '../../session/state';
import { drmSetupRequested } from '../actions';
import type { DrmDeps } from '../deps';
import { drmEpics } from '../index';
import { drmReducer } from '../reducer';
import { initialDrmState, type DrmSlice, type DrmState } from '../state';

/** As adapters/fake's: core/ may not import adapters/, so the test hands its fakes in. */
export type HttpResponder = (request: HttpRequest) => HttpResponse | Error;
export interface DrmFakes<Script> {
  readonly createFakeHttp: (scheduler: SchedulerLike, calls: HttpRequest[], responder: HttpResponder) => HttpPort;
  readonly createFakeEme: (scheduler: SchedulerLike, calls: string[], script: Script) => EmePort;
}

/** One epic action as a test reads it: virtual ms, type, payload. */
export type Logged = [number, string, Record<string, unknown>?];

export interface DrmRun {
  readonly log: Logged[];
  readonly http: HttpRequest[];
  readonly eme: string[];
  readonly state: () => DrmState;
}

export const SETUP = drmSetupRequested({
  localProvider: true,
  licenceUrlEndpoint: 'http://p.test/license-url',
  serverTimeUrl: 'http://p.test/server-time',
  sdkName: 'harmony',
  sdkVersion: '3.22.1',
  applicationCertificateUrl: 'http://p.test/v1/application-certificate',
  videoContentTypes: undefined,
});

/** The session the DRM's calls are authorised by: token 'tok' until a tokenReceived replaces it (spec 001 §4 Auth). */
export const DRM_SESSION = { ...initialSessionState, status: 'loaded' as const, accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false };

/** The server's clock runs 1e9 ms ahead of the virtual one. */
export const SERVER_AHEAD_MS = 1e9;

/** A provider answering server time, a licence URL living `ttlS` seconds, and licences with `licence(request)`. */
export function provider(scheduler: SchedulerLike, licence: (request: HttpRequest) => { status: number; body: string } | Error, ttlS = 3600): HttpResponder {
  return (request) => {
    const serverS = (SERVER_AHEAD_MS + scheduler.now()) / 1000;
    // This provider has no certificate for ClearKey (server/licence answers 204).
    if (request.url.startsWith('http://p.test/v1/application-certificate')) return { status: 204, headers: {}, body: '' };
    if (request.url.startsWith('http://p.test/server-time')) return { status: 200, headers: {}, body: JSON.stringify({ timestamp: serverS }) };
    if (request.url.startsWith('http://p.test/license-url'))
      return { status: 200, headers: {}, body: JSON.stringify({ uri: 'http://p.test/licence/1', expires: serverS + ttlS }) };
    const answer = licence(request);
    return answer instanceof Error ? answer : { ...answer, headers: {} };
  };
}

/** The DRM alone in a store: inputs at their times (as adapter facts), stopped at `stopAt`. */
export function runDrm<Script>(
  fakes: DrmFakes<Script>,
  scheduler: SchedulerLike,
  responder: HttpResponder,
  script: Script,
  inputs: ReadonlyArray<readonly [number, Action]>,
  stopAt: number,
  /** The random port's draws (0.5: the generic backoff without jitter). */
  random: () => number = () => 0.5,
): DrmRun {
  const log: Logged[] = [];
  const http: HttpRequest[] = [];
  const eme: string[] = [];
  const deps: DrmDeps = {
    clock: { now: () => scheduler.now() },
    scheduler,
    random: { next: random },
    http: fakes.createFakeHttp(scheduler, http, responder),
    eme: fakes.createFakeEme(scheduler, eme, script),
  };
  const store = createStore<DrmSlice & SessionSlice, DrmDeps>({
    reducer: (state, action) => ({ drm: drmReducer(state.drm, action), session: sessionReducer(state.session, action) }),
    epics: drmEpics,
    deps,
    initialState: { drm: initialDrmState, session: DRM_SESSION },
    onEnvelope: (e: Envelope) => {
      if (e.src !== 'epic') return;
      const { type, ...payload } = e.action as Action & Record<string, unknown>;
      log.push(Object.keys(payload).length === 0 ? [e.t, type] : [e.t, type, payload]);
    },
  });
  for (const [at, action] of inputs) scheduler.schedule(() => store.dispatch(action, 'adapter'), at);
  scheduler.schedule(() => store.stop(), stopAt);
  return { log, http, eme, state: () => store.getState().drm };
}
