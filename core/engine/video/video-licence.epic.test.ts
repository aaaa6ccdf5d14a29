import { TestScheduler } from 'rxjs/testing';
import { createFakeEme, createFakeHttp, createFakeVideoSource } from '../../../adapters/fake';
import type { HttpRequest, MediaSourcePort } from '../../ports';
import type { Action } from '../../store/action';
import { createStore, type Envelope } from '../../store/store';
import { encrypted } from '../drm/actions';
import { drmEpics } from '../drm/index';
import { drmReducer } from '../drm/reducer';
import { initialDrmState, type DrmSlice } from '../drm/state';
import { DRM_SESSION, provider, SETUP } from '../drm/testing/run-drm';
import { mediaLoadRequested } from '../media/actions';
import type { MediaDeps } from '../media/deps';
import { mediaReducer } from '../media/reducer';
import { initialMediaState, type MediaSlice } from '../media/state';
import { sessionReducer } from '../session/reducer';
import type { SessionSlice } from '../session/state';
import { videoSourceChosen } from './actions';
import type { VideoManifest } from './manifest';
import { profileSetOf } from './testing/profile-set';
import { PREMIUM, SOURCE } from './testing/manifests';
import { announcedInitData, videoLoadEpic } from './video.epic';

/*
 * Issue 18 (the bench: no slower to first frame than Shaka): a protected video's key session and
 * licence request start from the manifest's init data (spec 001 §3 encryption_infos) while the
 * first segments download, not at the element's first 'encrypted' event after the init segment is
 * appended; that event, for the same init data, then starts no second session nor licence request.
 * Virtual time: every HTTP answer takes 20 ms, each segment 10 ms.
 */

const MANIFEST_BASE = 'http://p.test/manifests/v7/json/sources/';
const LICENCE = '{"keys":[{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAA","kid":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';
const PSSH = PREMIUM.contents[0]!.encryption_infos[0]!.pssh;

interface Run {
  readonly log: Array<[number, string]>;
  readonly eme: string[];
  /** Each licence POST with the virtual time it was sent. */
  readonly licencePosts: number[];
}

function run(manifest: VideoManifest): Run {
  const log: Run['log'] = [];
  const eme: string[] = [];
  const licencePosts: number[] = [];
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ flush }) => {
    const answers = provider(scheduler, () => ({ status: 200, body: LICENCE }));
    const http = createFakeHttp(
      scheduler,
      [],
      (request: HttpRequest) => (request.url.startsWith(MANIFEST_BASE) ? { status: 200, headers: {}, body: JSON.stringify(manifest) } : answers(request)),
      20,
    );
    const deps: MediaDeps & { eme: ReturnType<typeof createFakeEme> } = {
      clock: { now: () => scheduler.now() },
      scheduler,
      random: { next: () => 0.5 },
      http: {
        request: (request) => {
          if (request.method === 'POST' && request.url.startsWith('http://p.test/licence/')) licencePosts.push(scheduler.now());
          return http.request(request);
        },
      },
      mediaSource: {} as MediaSourcePort,
      media: { storageResolveBase: '', seekTableBase: '', mimeType: '', pauseOnQuotaExceeded: false, videoManifestBase: MANIFEST_BASE },
      video: createFakeVideoSource(scheduler, [], {
        fetch: () => ({ result: { kind: 'response', status: 200, byteLength: 1000 }, ms: 10 }),
        bufferedEnd: (_kind, key) => (Number(key.split('.')[2]) + 1) * 4000,
      }),
      eme: createFakeEme(scheduler, eme),
    };
    const initialState: MediaSlice & SessionSlice & DrmSlice = { media: initialMediaState, session: DRM_SESSION, drm: initialDrmState };
    let elementMet = false;
    const store = createStore({
      reducer: (state: typeof initialState, action: Action) => ({
        media: mediaReducer(state.media, action),
        drm: drmReducer(state.drm, action),
        session: sessionReducer(state.session, action),
      }),
      epics: [videoLoadEpic, ...drmEpics],
      deps,
      initialState,
      onEnvelope: (e: Envelope) => {
        if (e.src === 'epic') log.push([e.t, e.action.type]);
        // The element reports the init segment's pssh once it is appended (adapters/browser/pssh.ts).
        if (e.action.type === 'video/segmentAppended' && !elementMet) {
          elementMet = true;
          scheduler.schedule(() => store.dispatch(encrypted({ initDataType: 'cenc', initData: PSSH }), 'adapter'));
        }
      },
    });
    scheduler.schedule(() => store.dispatch(SETUP, 'adapter'), 0);
    scheduler.schedule(() => store.dispatch(videoSourceChosen({ sourceId: SOURCE }), 'ui'), 500);
    scheduler.schedule(() => store.dispatch(mediaLoadRequested({ fileId: SOURCE, protected: true, isAd: false, startMs: 0, autoplay: true }), 'ui'), 500);
    scheduler.schedule(() => store.stop(), 5000);
    flush();
  });
  return { log, eme, licencePosts };
}

const firstAt = (r: Run, type: string): number | undefined => r.log.find(([, t]) => t === type)?.[0];

describe("a protected video's licence starts from its manifest (issue 18; spec 001 §3 encryption_infos, §7 Media licence flow)", () => {
  it('the licence request is sent before the first segment is appended; the encrypted event afterwards makes no second session nor request', () => {
    const r = run(PREMIUM);
    const appended = firstAt(r, 'video/segmentAppended');
    expect(appended).toBeDefined();
    expect(r.licencePosts).toHaveLength(1);
    expect(r.licencePosts[0]).toBeLessThan(appended!);
    expect(r.eme.filter((call) => /^session (cenc|webm)$/.test(call))).toEqual(['session cenc']);
    expect(r.log.filter(([, t]) => t === 'drm/licenceSessionCreated')).toHaveLength(1);
    expect(r.log.filter(([, t]) => t === 'drm/licenceUpdated')).toHaveLength(1);
    expect(r.log.map(([, t]) => t)).not.toContain('drm/failed');
  });

  it('a clear video (no encryption_infos) asks for no key session', () => {
    const clear: VideoManifest = {
      ...PREMIUM,
      contents: [{ ...PREMIUM.contents[0]!, profiles: PREMIUM.contents[0]!.profiles.map((p) => ({ ...p, encryption_index: null })), encryption_infos: [] }],
    };
    const r = run(clear);
    // The element reports nothing for clear media; only the test's stand-in did, after the first append.
    expect(r.licencePosts.every((at) => at >= firstAt(r, 'video/segmentAppended')!)).toBe(true);
    expect(r.log.map(([, t]) => t)).not.toContain('drm/initDataAnnounced');
  });
});

describe("the init data a manifest announces (spec 001 §3 Encryption; what the element's 'encrypted' event will carry)", () => {
  const mp4 = profileSetOf(PREMIUM, (p) => p.mime_type !== 'video/webm');
  const webm = profileSetOf(PREMIUM, (p) => p.mime_type !== 'video/mp4');

  it("MP4 profiles: 'cenc', the pssh box as the manifest gives it, once for all profiles of the key", () => {
    expect(announcedInitData(PREMIUM, mp4, 'org.w3.clearkey')).toEqual([{ initDataType: 'cenc', initData: PSSH }]);
  });

  it("the WebM (VP8) profile: 'webm', the key id's bytes; without a key id it is left to the element's event", () => {
    expect(announcedInitData(PREMIUM, webm, 'org.w3.clearkey')).toEqual([
      { initDataType: 'webm', initData: 'ASNFZ4mrze8BI0VniavN7w==' },
      { initDataType: 'cenc', initData: PSSH },
    ]);
    const noKeyId: VideoManifest = { ...PREMIUM, contents: [{ ...PREMIUM.contents[0]!, encryption_infos: [{ key_system: 'org.w3.clearkey', pssh: PSSH }] }] };
    expect(announcedInitData(noKeyId, webm, 'org.w3.clearkey')).toEqual([{ initDataType: 'cenc', initData: PSSH }]);
  });

  it("another key system's pssh is not announced", () => {
    expect(announcedInitData(PREMIUM, mp4, 'com.widevine.alpha')).toEqual([]);
  });
});
