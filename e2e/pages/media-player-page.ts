// Bundled for the page by e2e/media-player.test.ts (esbuild build API): the media player of
// core/engine/media and the DRM of core/engine/drm in one store, over the browser MediaSource and
// EME adapters sharing one audio element, and fetch, against the real server.
import { asyncScheduler, filter, firstValueFrom, take } from 'rxjs';
import { createBrowserEme, createBrowserMediaSource, createBrowserRandom, createFetchHttp } from '../../adapters/browser';
import { drmEpics, drmReducer, drmSetupRequested, encrypted, initialDrmState, type DrmDeps, type DrmSlice } from '../../core/engine/drm';
import {
  decodeMediaElementFact,
  initialMediaState,
  mediaEpics,
  mediaLoadRequested,
  mediaReducer,
  mediaSeekRequested,
  type MediaDeps,
  type MediaSlice,
} from '../../core/engine/media';
import { initialSessionState, type SessionSlice } from '../../core/engine/session/state';
import type { Action } from '../../core/store/action';
import { createStore, type Epic } from '../../core/store/store';

export interface MediaPlayerPageRun {
  readonly origin: string;
  readonly accessToken: string;
  readonly fileId: string;
  readonly startMs: number;
  /** Where to seek once playing (ms), if anywhere. */
  readonly seekToMs: number | null;
}

export interface MediaPlayerPageState {
  /** Every action of the store: type, and the code, index or kind it carries. */
  readonly actions: string[];
  readonly failures: string[];
}

declare global {
  interface Window {
    mediaPlayerPage: { run(run: MediaPlayerPageRun): Promise<void>; state: MediaPlayerPageState };
  }
}

const state: MediaPlayerPageState = { actions: [], failures: [] };

type Slice = MediaSlice & DrmSlice & SessionSlice;
type Deps = MediaDeps & DrmDeps;

async function run(spec: MediaPlayerPageRun): Promise<void> {
  const audio = document.createElement('audio');
  document.body.append(audio);
  const eme = createBrowserEme(navigator, audio);
  const mediaSource = createBrowserMediaSource(window, audio);
  const deps: Deps = {
    clock: { now: () => asyncScheduler.now() },
    scheduler: asyncScheduler,
    random: createBrowserRandom(),
    http: createFetchHttp((url, init) => fetch(url, init)),
    eme,
    mediaSource,
    media: {
      storageResolveBase: `${spec.origin}/storage-resolve/files/audio/interactive/`,
      seekTableBase: `${spec.origin}/seektable/`,
      mimeType: 'audio/mp4; codecs="mp4a.40.2"',
      pauseOnQuotaExceeded: false,
    },
  };
  const session = { ...initialSessionState, status: 'loaded' as const, accessToken: spec.accessToken, expiresAtMs: Date.now() + 3_600_000, isAnonymous: false };
  const store = createStore<Slice, Deps>({
    reducer: (s, action) => ({ ...s, media: mediaReducer(s.media, action), drm: drmReducer(s.drm, action) }),
    epics: [...(mediaEpics as ReadonlyArray<Epic<Slice, Deps>>), ...(drmEpics as ReadonlyArray<Epic<Slice, Deps>>)],
    deps,
    initialState: { media: initialMediaState, drm: initialDrmState, session },
    onEnvelope: (e) => {
      const detail = e.action as Action & { code?: string; index?: number; kind?: string; message?: string };
      if (detail.kind === 'timeupdate') return;
      state.actions.push([e.action.type, detail.code ?? detail.index ?? detail.kind].filter((x) => x !== undefined).join(' '));
      if (e.action.type === 'mediaPlayer/failed' || e.action.type === 'drm/failed' || e.action.type === 'player/initializationFailed') {
        state.failures.push(`${detail.code ?? ''} ${detail.message ?? ''}`);
      }
    },
  });
  eme.encrypted$.subscribe((fact) => store.dispatch(encrypted(fact), 'adapter'));
  mediaSource.facts$.subscribe((fact) => store.dispatch(decodeMediaElementFact(fact, store.getState().media.playId), 'adapter'));

  const attached = firstValueFrom(
    store.envelopes$.pipe(
      filter((e) => e.action.type === 'drm/mediaKeysAttached'),
      take(1),
    ),
  );
  store.dispatch(
    drmSetupRequested({
      localProvider: true,
      licenceUrlEndpoint: `${spec.origin}/melody/v1/license_url`,
      serverTimeUrl: `${spec.origin}/melody/v1/time`,
      sdkName: 'harmony',
      sdkVersion: '3.22.1',
      applicationCertificateUrl: undefined,
      videoContentTypes: undefined,
    }),
    'ui',
  );
  await attached;
  store.dispatch(mediaLoadRequested({ fileId: spec.fileId, protected: true, isAd: false, startMs: spec.startMs, autoplay: true }), 'ui');
  if (spec.seekToMs !== null) {
    const seekTo = spec.seekToMs;
    await firstValueFrom(
      store.envelopes$.pipe(
        filter((e) => e.action.type === 'mediaPlayer/elementFact' && (e.action as { kind?: string }).kind === 'playing'),
        take(1),
      ),
    );
    store.dispatch(mediaSeekRequested({ positionMs: seekTo }), 'ui');
  }
}

window.mediaPlayerPage = { run, state };
