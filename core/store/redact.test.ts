import { Observable, VirtualTimeScheduler, concat, of, timer, type SchedulerLike } from 'rxjs';
import { filter, map, mergeMap } from 'rxjs/operators';
import * as t from 'io-ts';
import { defineAction, type Action } from './action';
import { createActionLog, parseActionLog, serializeActionLog } from './action-log';
import { createRecordingTap, type PortTap } from './port-tap';
import { createRedactor, MIN_SECRET_LENGTH, redactSecrets } from './redact';
import { createStore, type Epic, type StoreClock } from './store';
import { actionLogEntry } from '../logging/action-logging';
import { buildErrorReport } from '../logging/error-reporter';
import { parseTranscript, serializeTranscript, TRANSCRIPT_SCHEMA } from './transcript';
import { replayWithTranscript } from './transcript-replay';

const TOKEN = 'tLk3Q9vWm2ZpX7rS_yB4nA-8fGhJ5cDe1uIoK0qTwE6';
const TOKEN_2 = 'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe-dCbA_zyxwvu';
const KEY = 'xox0v7Qctmr_qiwBRE_thw';
const COOKIE = 'sp_session=Qm9vZ2llV29vZ2llMTIzNDU2Nzg5MA';

describe('redaction (issue 12: no secret in a log)', () => {
  it('learns a token from each place it is given and replaces it everywhere by one placeholder', () => {
    const r = createRedactor();
    expect(r.redact({ accessToken: TOKEN, other: `x ${TOKEN} y` })).toEqual({ accessToken: 'REDACTED_TOKEN_1', other: 'x REDACTED_TOKEN_1 y' });
    expect(r.redact({ headers: { authorization: `Bearer ${TOKEN_2}` } })).toEqual({ headers: { authorization: 'Bearer REDACTED_TOKEN_2' } });
    expect(r.redact(`ws://h/dealer?access_token=${TOKEN}`)).toBe('ws://h/dealer?access_token=REDACTED_TOKEN_1');
    expect(r.redact(JSON.stringify({ access_token: 'a-third-token-0123456789' }))).toBe('{"access_token":"REDACTED_TOKEN_3"}');
    // A token seen before, now where nothing marks it: still replaced.
    expect(r.redact([TOKEN_2])).toEqual(['REDACTED_TOKEN_2']);
  });

  it('redacts the ClearKey keys of a licence answer, as an object and as JSON text, and cookies', () => {
    const r = createRedactor();
    const licence = JSON.stringify({ keys: [{ kty: 'oct', k: KEY, kid: 'yt0Cx5i3sjKTvTJm1qBHKw' }], type: 'temporary' });
    expect(r.redact({ body: licence })).toEqual({ body: licence.replace(KEY, 'REDACTED_KEY_1') });
    expect(r.redact({ keys: [{ kty: 'oct', k: 'another-key-0123456789', kid: 'k' }] })).toEqual({ keys: [{ kty: 'oct', k: 'REDACTED_KEY_2', kid: 'k' }] });
    expect(r.redact({ headers: { Cookie: COOKIE } })).toEqual({ headers: { Cookie: 'REDACTED_COOKIE_1' } });
    // The kid is not a secret.
    expect(JSON.stringify(r.redact({ body: licence }))).toContain('yt0Cx5i3sjKTvTJm1qBHKw');
  });

  it('keeps what holds no secret as it is (the same object), leaves placeholders alone, and never learns short text', () => {
    const r = createRedactor();
    const plain = { type: 'session/tokenReceived', a: [1, 'two', { three: null }] };
    expect(r.redact(plain)).toBe(plain);
    expect(r.redact({ accessToken: 'short' })).toEqual({ accessToken: 'short' });
    expect('short'.length).toBeLessThan(MIN_SECRET_LENGTH);
    const once = r.redact({ accessToken: TOKEN });
    expect(r.redact(once)).toEqual(once);
    // Redaction is idempotent: a placeholder is not taken for a new secret.
    expect(createRedactor().redact({ accessToken: 'REDACTED_TOKEN_1', auth: 'Bearer REDACTED_TOKEN_1' })).toEqual({
      accessToken: 'REDACTED_TOKEN_1',
      auth: 'Bearer REDACTED_TOKEN_1',
    });
  });

  it('the logging channel: an action as the widget logs it, and an error report, carry no token (core/logging)', () => {
    const entry = actionLogEntry({ type: 'test/failed', message: `GET https://h/x?access_token=${TOKEN} failed` } as Action, 5);
    expect(JSON.stringify(entry)).not.toContain(TOKEN);
    const report = buildErrorReport(
      { source: 'widget', message: `Bearer ${TOKEN} refused`, stack: `at f (https://h/?access_token=${TOKEN}:1:1)` } as unknown as Parameters<
        typeof buildErrorReport
      >[0],
      { sessionId: 's', release: 'r', userId: null, breadcrumbs: [], timestamp: 0, eventId: 'e' },
    );
    expect(JSON.stringify(report)).not.toContain(TOKEN);
  });

  it('redacts a value on its own for the logging channel (redactSecrets)', () => {
    expect(redactSecrets({ message: `GET /x failed`, url: `https://h/?access_token=${TOKEN}` })).toEqual({
      message: 'GET /x failed',
      url: 'https://h/?access_token=REDACTED_TOKEN_1',
    });
  });
});

// A small engine-like app: a token from the token service, used as a bearer, in a socket URL and
// stored; a licence whose keys go to the key session.
interface Deps {
  readonly clock: StoreClock;
  readonly scheduler: SchedulerLike;
  readonly http: { request(req: { url: string; headers: Record<string, string> }): Observable<{ status: number; body: string }> };
  readonly socket: { open(url: string): number };
  readonly storage: { write(key: string, value: string): Observable<void> };
  readonly eme: { update(licence: string): Observable<void> };
}
const login = defineAction('test/login', {});
const tokenReceived = defineAction('test/tokenReceived', { accessToken: t.string });
const licensed = defineAction('test/licensed', { status: t.number });
const opened = defineAction('test/opened', { id: t.number });
interface State {
  readonly token: string | null;
  readonly seen: readonly string[];
}
const reducer = (state: State, action: Action): State => ({
  token: tokenReceived.match(action) ? action.accessToken : state.token,
  seen: [...state.seen, action.type],
});
type TestEpic = Epic<State, Deps>;
const tokenEpic: TestEpic = (action$, _s, deps) =>
  action$.pipe(
    filter(login.match),
    mergeMap(() => deps.http.request({ url: '/access_token', headers: {} })),
    map((answer) => tokenReceived({ accessToken: (JSON.parse(answer.body) as { accessToken: string }).accessToken })),
  );
const useEpic: TestEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(tokenReceived.match),
    mergeMap((a) => {
      deps.storage.write('token', JSON.stringify({ accessToken: a.accessToken })).subscribe();
      const id = deps.socket.open(`ws://h/dealer?access_token=${encodeURIComponent(a.accessToken)}`);
      return concat(
        of(opened({ id })),
        deps.http
          .request({ url: '/licence', headers: { authorization: `Bearer ${state$.value.token ?? ''}` } })
          .pipe(mergeMap((answer) => deps.eme.update(answer.body).pipe(map(() => licensed({ status: answer.status }))))),
      );
    }),
  );
const epics = [tokenEpic, useEpic];
type Ports = Deps;
const tapDeps = (tap: PortTap, ports?: Ports): Deps => {
  const real = (): Ports =>
    ports ??
    (() => {
      throw new Error('replay reached a real port');
    })();
  return {
    clock: { now: () => tap.value('clock.now', [], () => real().clock.now()) },
    scheduler: tap.scheduler(() => real().scheduler),
    http: { request: (req) => tap.stream('http.request', [req], () => real().http.request(req)) },
    socket: { open: (url) => tap.value('socket.open', [url], () => real().socket.open(url)) },
    storage: { write: (key, value) => tap.stream('storage.write', [key, value], () => real().storage.write(key, value)) },
    eme: { update: (licence) => tap.stream('eme.update', [licence], () => real().eme.update(licence)) },
  };
};

describe('a recorded session of a logged-in listener (issue 12)', () => {
  const world = new VirtualTimeScheduler();
  const licence = JSON.stringify({ keys: [{ kty: 'oct', k: KEY, kid: 'kid' }], type: 'temporary' });
  const ports: Ports = {
    clock: { now: () => 1_700_000_000_000 + world.now() },
    scheduler: world,
    http: {
      request: (req) =>
        timer(20, world).pipe(
          map(() => (req.url === '/access_token' ? { status: 200, body: JSON.stringify({ accessToken: TOKEN }) } : { status: 200, body: licence })),
        ),
    },
    socket: { open: () => 0 },
    storage: { write: () => timer(1, world).pipe(map(() => undefined)) },
    eme: { update: () => timer(5, world).pipe(map(() => undefined)) },
  };
  const redactor = createRedactor();
  const tap = createRecordingTap({ redactor });
  const log = createActionLog({ app: 'test-app', version: '1', initialState: { token: null, seen: [] } }, { redactor });
  const store = tap.starting(() =>
    createStore<State, Deps>({ reducer, epics, deps: tapDeps(tap, ports), initialState: { token: null, seen: [] }, onEnvelope: log.record }),
  );
  world.schedule(() => tap.input(() => store.dispatch(login(), 'ui')), 10);
  world.flush();
  store.stop();
  const logText = log.toJsonl();
  const transcriptText = serializeTranscript({
    header: { kind: 'transcript', schema: TRANSCRIPT_SCHEMA, app: 'test-app', config: {} },
    entries: tap.entries(),
  });
  const liveState = redactor.redact(store.getState());

  it('holds neither the token nor the licence key, in its log, its transcript or its debug state', () => {
    expect(store.getState().token).toBe(TOKEN);
    for (const text of [logText, transcriptText, JSON.stringify(liveState)]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(KEY);
    }
    expect(logText).toContain('REDACTED_TOKEN_1');
    expect(transcriptText).toContain('Bearer REDACTED_TOKEN_1');
    expect(transcriptText).toContain('access_token=REDACTED_TOKEN_1');
    expect(transcriptText).toContain('REDACTED_KEY_1');
  });

  it('still replays over its transcript, line for line, to the (redacted) live state', () => {
    const file = parseActionLog(logText);
    const result = replayWithTranscript(file, parseTranscript(transcriptText), { reducer, build: (replayTap) => ({ epics, deps: tapDeps(replayTap) }) });
    if (!result.ok) throw new Error(result.divergence.message);
    expect(serializeActionLog({ header: file.header, entries: result.envelopes })).toBe(logText);
    expect(result.finalState).toEqual(liveState);
  });
});
