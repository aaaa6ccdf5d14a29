import { TextEncoder } from 'node:util';
import { firstValueFrom } from 'rxjs';
import { SESSION_CREATION_ERROR, type EmeCandidate } from '../../core/ports';
import { base64ToBytes, bytesToBase64, createBrowserEme, type EmeElement, type EmeNavigator } from './eme';

const candidates: EmeCandidate[] = ['com.widevine.alpha', 'org.w3.clearkey'].map((keySystem) => ({
  keySystem,
  configurations: [{ initDataTypes: ['cenc'], audioCapabilities: [{ contentType: 'audio/mp4; codecs="mp4a.40.2"', robustness: '' }] }],
}));

/** A key session that sends one message when the request is generated and records updates. */
class FakeSession extends EventTarget {
  readonly updates: string[] = [];
  readonly keyStatuses = new Map<BufferSource, MediaKeyStatus>();
  closed = false;
  constructor(private readonly refuse?: string) {
    super();
  }
  generateRequest(_type: string, initData: Uint8Array): Promise<void> {
    if (this.refuse !== undefined) return Promise.reject(Object.assign(new Error('x'), { name: this.refuse }));
    const event = Object.assign(new Event('message'), { messageType: 'license-request', message: initData.buffer });
    queueMicrotask(() => this.dispatchEvent(event));
    return Promise.resolve();
  }
  update(licence: Uint8Array): Promise<void> {
    this.updates.push(String.fromCharCode(...licence));
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

function setup(granted: string[], sessions: FakeSession[], refuse?: string) {
  const asked: string[] = [];
  const certificates: number[][] = [];
  const mediaKeys = {
    createSession: () => (sessions.push(new FakeSession(refuse)), sessions.at(-1)),
    setServerCertificate: (certificate: Uint8Array) => (certificates.push([...certificate]), Promise.resolve(true)),
  } as unknown as MediaKeys;
  const nav: EmeNavigator = {
    requestMediaKeySystemAccess: (keySystem, configs) => {
      asked.push(`${keySystem} ${JSON.stringify(configs[0]?.audioCapabilities)}`);
      return granted.includes(keySystem)
        ? Promise.resolve({ keySystem, createMediaKeys: () => Promise.resolve(mediaKeys) } as unknown as MediaKeySystemAccess)
        : Promise.reject(new Error('NotSupportedError'));
    },
  };
  const set: Array<MediaKeys | null> = [];
  const element = Object.assign(new EventTarget(), { setMediaKeys: (keys: MediaKeys | null) => (set.push(keys), Promise.resolve()) }) as unknown as EmeElement;
  return { eme: createBrowserEme(nav, element), asked, set, mediaKeys, element, certificates };
}

// jsdom has no TextEncoder; the adapter encodes licences with the browser's.
Object.assign(globalThis, { TextEncoder });

describe('browser EME adapter (core/ports.ts EmePort)', () => {
  it('tries the candidates in the given order and answers the first granted key system, or null', async () => {
    const { eme, asked } = setup(['org.w3.clearkey'], []);
    await expect(firstValueFrom(eme.requestMediaKeySystemAccess(candidates))).resolves.toBe('org.w3.clearkey');
    expect(asked).toEqual([
      'com.widevine.alpha [{"contentType":"audio/mp4; codecs=\\"mp4a.40.2\\"","robustness":""}]',
      'org.w3.clearkey [{"contentType":"audio/mp4; codecs=\\"mp4a.40.2\\"","robustness":""}]',
    ]);
    await expect(firstValueFrom(setup([], []).eme.requestMediaKeySystemAccess(candidates))).resolves.toBeNull();
  });

  it('errors when the browser has no EME at all (spec 001 §8 API not supported)', async () => {
    const eme = createBrowserEme({}, new EventTarget() as unknown as EmeElement);
    await expect(firstValueFrom(eme.requestMediaKeySystemAccess(candidates))).rejects.toThrow('EME API not supported');
  });

  it('creates the media keys of the granted system and sets them on the element', async () => {
    const { eme, set, mediaKeys } = setup(['org.w3.clearkey'], []);
    await firstValueFrom(eme.requestMediaKeySystemAccess(candidates));
    await firstValueFrom(eme.createMediaKeys());
    await firstValueFrom(eme.setMediaKeys());
    expect(set).toEqual([mediaKeys]);
  });

  it('hands the application certificate (base64) to the media keys as bytes', async () => {
    const { eme, certificates } = setup(['org.w3.clearkey'], []);
    await firstValueFrom(eme.requestMediaKeySystemAccess(candidates));
    await firstValueFrom(eme.createMediaKeys());
    await expect(firstValueFrom(eme.setServerCertificate('AQID'))).resolves.toBe(true);
    expect(certificates).toEqual([[1, 2, 3]]);
  });

  it('a session reports its challenge as base64, takes the licence as text, and closes on unsubscribe', async () => {
    const sessions: FakeSession[] = [];
    const { eme } = setup(['org.w3.clearkey'], sessions);
    await firstValueFrom(eme.requestMediaKeySystemAccess(candidates));
    await firstValueFrom(eme.createMediaKeys());
    const session = eme.createSession('cenc', bytesToBase64(Uint8Array.from([1, 2, 3])));
    const events: unknown[] = [];
    let gotMessage: () => void = () => undefined;
    const message = new Promise<void>((resolve) => (gotMessage = resolve));
    const subscription = session.events$.subscribe((event) => {
      events.push(event);
      gotMessage();
    });
    await message;
    await firstValueFrom(session.update('{"keys":[]}'));
    expect(sessions[0]?.closed).toBe(false);
    subscription.unsubscribe();
    expect(events).toEqual([{ kind: 'message', messageType: 'license-request', message: 'AQID' }]);
    expect(sessions[0]?.updates).toEqual(['{"keys":[]}']);
    expect(sessions[0]?.closed).toBe(true);
  });

  it.each([
    ['no media keys yet', false, undefined, SESSION_CREATION_ERROR],
    ['generateRequest rejected', true, 'InvalidStateError', 'InvalidStateError'],
  ])(
    '%s (media keys %s, refusal %s): the session errors with the name %s (spec 001 §8 key session / generate request errors)',
    async (_n, withKeys, refuse, name) => {
      const { eme } = setup(['org.w3.clearkey'], [], refuse);
      if (withKeys) {
        await firstValueFrom(eme.requestMediaKeySystemAccess(candidates));
        await firstValueFrom(eme.createMediaKeys());
      }
      await expect(firstValueFrom(eme.createSession('cenc', 'AQID').events$)).rejects.toMatchObject({ name });
    },
  );

  it("reports the element's encrypted events with their init data as base64", async () => {
    const { eme, element } = setup([], []);
    const fact = firstValueFrom(eme.encrypted$);
    const event = Object.assign(new Event('encrypted'), { initDataType: 'cenc', initData: Uint8Array.from([255, 0]).buffer });
    (element as unknown as EventTarget).dispatchEvent(event);
    await expect(fact).resolves.toEqual({ initDataType: 'cenc', initData: '/wA=' });
    expect(base64ToBytes('/wA=')).toEqual(Uint8Array.from([255, 0]));
  });
});
