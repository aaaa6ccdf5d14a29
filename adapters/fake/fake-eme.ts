import { Observable, Subject, type SchedulerLike } from 'rxjs';
import { later, named } from './scheduled-answer';
import { SESSION_CREATION_ERROR, type EmeCandidate, type EmeEncrypted, type EmePort, type EmeSession, type EmeSessionEvent } from '../../core/ports';

/** What the fake browser does; by default it grants ClearKey only, like Debian's Chromium. */
export interface FakeEmeScript {
  /** Key systems it grants; 'no-api' makes requestMediaKeySystemAccess error (no EME at all). */
  readonly grants?: readonly string[] | 'no-api';
  readonly createMediaKeysFails?: boolean;
  readonly setMediaKeysFails?: boolean;
  readonly createSessionFails?: boolean;
  /** The DOMException name generateRequest rejects with (NotSupportedError, InvalidStateError, ...). */
  readonly generateRequestError?: string;
  /** Challenges each session sends (base64), one 'license-request' message each; one by default. */
  readonly challenges?: readonly string[];
  readonly updateFails?: boolean;
}

/** base64 of `{"kids":["AAAAAAAAAAAAAAAAAAAAAA"],"type":"temporary"}`: a ClearKey challenge for a zero key id. */
export const FAKE_CLEARKEY_CHALLENGE = 'eyJraWRzIjpbIkFBQUFBQUFBQUFBQUFBQUFBQUFBQUEiXSwidHlwZSI6InRlbXBvcmFyeSJ9';

export interface FakeEme extends EmePort {
  /** Reports an 'encrypted' event of the audio element. */
  emitEncrypted(fact: EmeEncrypted): void;
}

/** A scheduler-driven EmePort that records each call in `calls` ('access org.w3.clearkey granted', 'update {...}', ...). */
export function createFakeEme(scheduler: SchedulerLike, calls: string[], script: FakeEmeScript = {}): FakeEme {
  const grants = script.grants ?? ['org.w3.clearkey'];
  const encrypted$ = new Subject<EmeEncrypted>();
  let granted: string | null = null;
  const session = (initDataType: string): EmeSession => ({
    events$: new Observable<EmeSessionEvent>((subscriber) => {
      calls.push(`session ${initDataType}`);
      const tasks = (script.challenges ?? [FAKE_CLEARKEY_CHALLENGE]).map((message) =>
        scheduler.schedule(() => {
          if (script.createSessionFails === true) subscriber.error(named(SESSION_CREATION_ERROR));
          else if (script.generateRequestError !== undefined) subscriber.error(named(script.generateRequestError));
          else subscriber.next({ kind: 'message', messageType: 'license-request', message });
        }),
      );
      return () => {
        calls.push('session closed');
        tasks.forEach((task) => task.unsubscribe());
      };
    }),
    update: (licence) =>
      later(scheduler, () => {
        calls.push(`update ${licence}`);
        return script.updateFails === true ? named('TypeError') : undefined;
      }),
  });
  return {
    requestMediaKeySystemAccess: (candidates: readonly EmeCandidate[]) =>
      later(scheduler, () => {
        if (grants === 'no-api') return named('TypeError');
        for (const candidate of candidates) {
          const ok = grants.includes(candidate.keySystem);
          calls.push(`access ${candidate.keySystem} ${ok ? 'granted' : 'refused'}`);
          if (ok) return (granted = candidate.keySystem);
        }
        return null;
      }),
    createMediaKeys: () =>
      later(scheduler, () => (calls.push(`createMediaKeys ${granted ?? ''}`), script.createMediaKeysFails === true ? named('NotSupportedError') : undefined)),
    setMediaKeys: () => later(scheduler, () => (calls.push('setMediaKeys'), script.setMediaKeysFails === true ? named('InvalidStateError') : undefined)),
    setServerCertificate: (certificate) => later(scheduler, () => (calls.push(`setServerCertificate ${certificate}`), granted !== 'org.w3.clearkey')),
    createSession: (initDataType) => session(initDataType),
    encrypted$: encrypted$.asObservable(),
    emitEncrypted: (fact) => encrypted$.next(fact),
  };
}
