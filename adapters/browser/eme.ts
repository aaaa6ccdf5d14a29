import { Observable } from 'rxjs';
import { SESSION_CREATION_ERROR, type EmeCandidate, type EmeEncrypted, type EmePort, type EmeSession, type EmeSessionEvent } from '../../core/ports';

/** The part of Navigator this adapter uses (absent where the browser has no EME). */
export interface EmeNavigator {
  readonly requestMediaKeySystemAccess?: (keySystem: string, configs: MediaKeySystemConfiguration[]) => Promise<MediaKeySystemAccess>;
}

/** The part of the audio element this adapter uses. */
export type EmeElement = Pick<HTMLMediaElement, 'setMediaKeys' | 'addEventListener' | 'removeEventListener'>;

export function bytesToBase64(bytes: ArrayBuffer | ArrayBufferView): string {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A promise-returning call as a cold Observable: started on subscription; a late answer after unsubscribing is dropped. */
function fromCall<T>(call: () => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    let live = true;
    Promise.resolve()
      .then(call)
      .then(
        (value) => {
          if (!live) return;
          subscriber.next(value);
          subscriber.complete();
        },
        (err: unknown) => live && subscriber.error(err),
      );
    return () => {
      live = false;
    };
  });
}

const named = (name: string, message: string): Error => Object.assign(new Error(message), { name });

/** The plain-data configuration as the browser takes it (mutable arrays). */
const toBrowser = (c: EmeCandidate['configurations'][number]): MediaKeySystemConfiguration => ({
  initDataTypes: [...c.initDataTypes],
  audioCapabilities: c.audioCapabilities.map((cap) => ({ ...cap })),
  ...(c.videoCapabilities === undefined ? {} : { videoCapabilities: c.videoCapabilities.map((cap) => ({ ...cap })) }),
});

/**
 * EmePort over the browser's Encrypted Media Extensions on one audio element. It keeps the
 * granted access, the media keys and each session (never in actions, ARCHITECTURE.md §3); byte
 * payloads cross as base64. The choice of key systems and every reaction is the core's.
 */
export function createBrowserEme(nav: EmeNavigator, element: EmeElement): EmePort {
  let access: MediaKeySystemAccess | null = null;
  let mediaKeys: MediaKeys | null = null;

  const requestAccess = async (candidates: readonly EmeCandidate[]): Promise<string | null> => {
    const request = nav.requestMediaKeySystemAccess;
    if (typeof request !== 'function') throw named('NotSupportedError', 'EME API not supported');
    for (const candidate of candidates) {
      try {
        access = await request.call(nav, candidate.keySystem, candidate.configurations.map(toBrowser));
        return candidate.keySystem;
      } catch {
        // Refused: try the next key system in the core's order.
      }
    }
    return null;
  };

  const createSession = (initDataType: string, initData: string): EmeSession => {
    let session: MediaKeySession | null = null;
    const events$ = new Observable<EmeSessionEvent>((subscriber) => {
      try {
        if (mediaKeys === null) throw new Error('no media keys');
        session = mediaKeys.createSession('temporary');
      } catch (err) {
        subscriber.error(named(SESSION_CREATION_ERROR, err instanceof Error ? err.message : String(err)));
        return undefined;
      }
      const current = session;
      const onMessage = (event: MediaKeyMessageEvent): void =>
        subscriber.next({ kind: 'message', messageType: event.messageType, message: bytesToBase64(event.message) });
      const onStatuses = (): void => {
        const statuses: string[] = [];
        current.keyStatuses.forEach((status) => statuses.push(status));
        subscriber.next({ kind: 'keystatuseschange', statuses });
      };
      current.addEventListener('message', onMessage);
      current.addEventListener('keystatuseschange', onStatuses);
      current.generateRequest(initDataType, base64ToBytes(initData)).catch((err: unknown) => subscriber.error(err));
      return () => {
        current.removeEventListener('message', onMessage);
        current.removeEventListener('keystatuseschange', onStatuses);
        current.close().catch(() => undefined);
      };
    });
    const update = (licence: string): Observable<void> =>
      fromCall(async () => {
        if (session === null) throw named('InvalidStateError', 'no key session');
        await session.update(new TextEncoder().encode(licence));
      });
    return { events$, update };
  };

  const encrypted$ = new Observable<EmeEncrypted>((subscriber) => {
    const onEncrypted = (event: Event): void => {
      const { initDataType, initData } = event as MediaEncryptedEvent;
      if (initData !== null) subscriber.next({ initDataType, initData: bytesToBase64(initData) });
    };
    element.addEventListener('encrypted', onEncrypted);
    return () => element.removeEventListener('encrypted', onEncrypted);
  });

  return {
    requestMediaKeySystemAccess: (candidates) => fromCall(() => requestAccess(candidates)),
    createMediaKeys: () =>
      fromCall(async () => {
        if (access === null) throw named('InvalidStateError', 'no key system access');
        mediaKeys = await access.createMediaKeys();
      }),
    setMediaKeys: () =>
      fromCall(async () => {
        await element.setMediaKeys(mediaKeys);
      }),
    setServerCertificate: (certificate) =>
      fromCall(async () => {
        if (mediaKeys === null) throw named('InvalidStateError', 'no media keys');
        return mediaKeys.setServerCertificate(base64ToBytes(certificate));
      }),
    createSession,
    encrypted$,
  };
}
