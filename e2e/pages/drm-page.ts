// Bundled for the page by e2e/drm-clearkey.test.ts (esbuild build API): the DRM epics of
// core/engine/drm in a store, over the browser EME adapter and fetch, on one audio element. The
// page then feeds the CENC file through MediaSource itself (the media pipeline is not wired here).
import { asyncScheduler, filter, firstValueFrom, take } from 'rxjs';
import { createBrowserEme, createFetchHttp } from '../../adapters/browser';
import { drmEpics, drmReducer, drmSetupRequested, encrypted, initialDrmState, type DrmDeps, type DrmSlice } from '../../core/engine/drm';
import { createStore } from '../../core/store/store';
import { initialSessionState, type SessionSlice } from '../../core/engine/session/state';

export interface DrmPageRun {
  readonly origin: string;
  readonly file: string;
  readonly mime: string;
  /** The init segment's length and each moof+mdat segment's size (the seek table). */
  readonly offset: number;
  readonly segments: ReadonlyArray<readonly [number, number]>;
}

export interface DrmPageState {
  /** requestMediaKeySystemAccess calls as the browser answered them: 'keySystem granted|refused'. */
  readonly tried: string[];
  /** Every action of the store, by type (and keySystem or code where it has one). */
  readonly actions: string[];
}

declare global {
  interface Window {
    drmPage: { run(run: DrmPageRun): Promise<void>; state: DrmPageState };
  }
}

const state: DrmPageState = { tried: [], actions: [] };

// Watch the browser's answers without changing them.
const original = navigator.requestMediaKeySystemAccess.bind(navigator);
const recording = {
  requestMediaKeySystemAccess: (keySystem: string, configs: MediaKeySystemConfiguration[]) =>
    original(keySystem, configs).then(
      (access) => (state.tried.push(`${keySystem} granted`), access),
      (err: unknown) => {
        state.tried.push(`${keySystem} refused`);
        throw err;
      },
    ),
};

async function run(spec: DrmPageRun): Promise<void> {
  const audio = document.createElement('audio');
  document.body.append(audio);
  const eme = createBrowserEme(recording, audio);
  const deps: DrmDeps = {
    clock: { now: () => asyncScheduler.now() },
    scheduler: asyncScheduler,
    random: { next: () => Math.random() },
    http: createFetchHttp((url, init) => fetch(url, init)),
    eme,
  };
  // The licence-side calls are authorised by the session's token (core/engine/session/authorisation.ts).
  const session = { ...initialSessionState, status: 'loaded' as const, accessToken: 'e2e-token', expiresAtMs: Date.now() + 3_600_000, isAnonymous: false };
  const store = createStore<DrmSlice & SessionSlice, DrmDeps>({
    reducer: (s, action) => ({ ...s, drm: drmReducer(s.drm, action) }),
    epics: drmEpics,
    deps,
    initialState: { drm: initialDrmState, session },
    onEnvelope: (e) => {
      const detail = e.action as { keySystem?: string; code?: string };
      state.actions.push([e.action.type, detail.keySystem ?? detail.code].filter((x) => x !== undefined).join(' '));
    },
  });
  eme.encrypted$.subscribe((fact) => store.dispatch(encrypted(fact), 'adapter'));
  const attached = firstValueFrom(
    store.envelopes$.pipe(
      filter((e) => e.action.type === 'drm/mediaKeysAttached'),
      take(1),
    ),
  );
  store.dispatch(
    drmSetupRequested({
      localProvider: true,
      licenceUrlEndpoint: `${spec.origin}/license-url`,
      serverTimeUrl: `${spec.origin}/server-time`,
      sdkName: 'harmony',
      sdkVersion: '3.22.1',
      // ClearKey has no application certificate (spec 001 §7's GET is for the other systems).
      applicationCertificateUrl: undefined,
      videoContentTypes: undefined,
    }),
    'ui',
  );
  await attached;

  const bytes = new Uint8Array(await (await fetch(`${spec.origin}${spec.file}`)).arrayBuffer());
  const source = new MediaSource();
  audio.src = URL.createObjectURL(source);
  await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
  const buffer = source.addSourceBuffer(spec.mime);
  const append = (chunk: Uint8Array<ArrayBuffer>): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      buffer.addEventListener('updateend', () => resolve(), { once: true });
      buffer.addEventListener('error', () => reject(new Error('append failed')), { once: true });
      buffer.appendBuffer(chunk);
    });
  void (async () => {
    await append(bytes.subarray(0, spec.offset));
    let at = spec.offset;
    for (const [size] of spec.segments) {
      await append(bytes.subarray(at, at + size));
      at += size;
    }
    source.endOfStream();
  })();
  await audio.play();
}

window.drmPage = { run, state };
