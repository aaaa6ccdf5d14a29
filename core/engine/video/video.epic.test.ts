import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeVideoSource } from '../../../adapters/fake';
import type { HttpRequest, HttpResponse, MediaSourcePort } from '../../ports';
import type { Action } from '../../store/action';
import { createStore, type Envelope } from '../../store/store';
import { mediaKeysAttached } from '../drm/actions';
import { drmReducer } from '../drm/reducer';
import { initialDrmState, type DrmState } from '../drm/state';
import { mediaLoadRequested, mediaSeekRequested, mediaStopRequested } from '../media/actions';
import type { MediaDeps } from '../media/deps';
import { mediaReducer } from '../media/reducer';
import { initialMediaState } from '../media/state';
import { initialSessionState } from '../session/state';
import { videoSourceChosen } from './actions';
import type { VideoManifest } from './manifest';
import { BASE, PREMIUM, PREVIEW, SOURCE } from './testing/manifests';
import { videoLoadEpic } from './video.epic';

/*
 * Issue 18: a media-player load of a video track (spec 001 §3 manifest_ids_video) plays through the
 * video manifest (§7, §8 'Video manifest request failed with status N') and streamVideo, in virtual time.
 * Segments take 10 ms each; the playhead stays where the test puts it (a load at 0, then seeks).
 */

const MANIFEST_BASE = 'http://p.test/manifests/v7/json/sources/';
const ready: DrmState = { ...initialDrmState, status: 'ready', keySystem: 'org.w3.clearkey', mediaKeys: true };

interface Run {
  readonly log: Array<[number, string, Record<string, unknown>]>;
  readonly calls: string[];
  readonly http: HttpRequest[];
}

function run(answer: HttpResponse, inputs: ReadonlyArray<readonly [number, Action]>, drm: DrmState = ready): Run {
  const log: Run['log'] = [];
  const calls: string[] = [];
  const http: HttpRequest[] = [];
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ flush }) => {
    const video = createFakeVideoSource(scheduler, calls, {
      fetch: () => ({ result: { kind: 'response', status: 200, byteLength: 1000 }, ms: 10 }),
      bufferedEnd: (_kind, key) => (Number(key.split('.')[2]) + 1) * 4000,
    });
    const deps: MediaDeps = {
      clock: { now: () => scheduler.now() },
      scheduler,
      random: { next: () => 0.5 },
      http: createFakeHttp(scheduler, http, () => answer),
      mediaSource: {} as MediaSourcePort,
      media: { storageResolveBase: '', seekTableBase: '', mimeType: '', pauseOnQuotaExceeded: false, videoManifestBase: MANIFEST_BASE },
      video,
    };
    const initialState = { media: initialMediaState, session: { ...initialSessionState, accessToken: 'tok' }, drm };
    const store = createStore({
      reducer: (state: typeof initialState, action: Action) => ({ ...state, media: mediaReducer(state.media, action), drm: drmReducer(state.drm, action) }),
      epics: [videoLoadEpic],
      deps,
      initialState,
      onEnvelope: (e: Envelope) => {
        if (e.src !== 'epic') return;
        const { type, ...payload } = e.action as Action & Record<string, unknown>;
        log.push([e.t, type, payload]);
      },
    });
    for (const [at, action] of inputs) scheduler.schedule(() => store.dispatch(action, 'ui'), at);
    scheduler.schedule(() => store.stop(), 5000);
    flush();
  });
  return { log, calls, http };
}

const manifest = (m: VideoManifest): HttpResponse => ({ status: 200, headers: {}, body: JSON.stringify(m) });
const loadVideo: ReadonlyArray<readonly [number, Action]> = [
  [0, videoSourceChosen({ sourceId: SOURCE })],
  [0, mediaLoadRequested({ fileId: SOURCE, protected: true, isAd: false, startMs: 0, autoplay: true })],
];
const types = (r: Run) => r.log.map(([, type]) => type);
const videoSegments = (r: Run) =>
  r.calls.filter((c) => c.startsWith('fetch') && !c.endsWith('init') && c.includes(`${BASE}1/`)).map((c) => Number(c.split('/').pop()) / 4);

describe('video tracks through the media player (issue 18; spec 001 §3 manifest_ids_video, §7 video manifest, §9 Video quality)', () => {
  it('asks for the manifest by source id, authorised, and starts at the profile of the §9 rule at the default estimate (400000: the 240p one), with its subtitle tracks', () => {
    const r = run(manifest(PREMIUM), loadVideo);
    expect(r.http.map((h) => [h.url, h.headers?.authorization])).toEqual([[`${MANIFEST_BASE}${SOURCE}/options/supports_drm`, 'Bearer tok']]);
    const started = r.log.find(([, type]) => type === 'video/started');
    expect(started?.[2]).toEqual({
      playId: 1,
      sourceId: SOURCE,
      videoCodec: 'avc1.4d401f',
      videoProfile: 1,
      audioProfile: 10,
      width: 426,
      height: 240,
      bitrate: 150000 + 128000,
      durationMs: 22000,
      subtitles: [
        { language: 'en', url: `${BASE}subtitles/en.vtt` },
        { language: 'sv', url: `${BASE}subtitles/sv.vtt` },
      ],
    });
    // spec 001 §9 top-up: the segments less than 10 s ahead of the playhead at 0, no more.
    expect(videoSegments(r)).toEqual([0, 1, 2]);
    expect(types(r)).not.toContain('mediaPlayer/failed');
  });

  it('a seek forward fetches from the segment of the new position (and the one before a boundary), then ends the stream; a seek back into the gap fetches it', () => {
    const r = run(manifest(PREMIUM), [...loadVideo, [1000, mediaSeekRequested({ positionMs: 18000 })], [2000, mediaSeekRequested({ positionMs: 13000 })]]);
    expect(videoSegments(r)).toEqual([0, 1, 2, 4, 5, 3]);
    expect(r.calls.filter((c) => c === 'end')).toHaveLength(2);
  });

  it("spec 001 §8 Storage: a manifest answered 403 fails the load with 'Video manifest request failed with status 403'; nothing is attached", () => {
    const r = run({ status: 403, headers: {}, body: '{"error":{"status":403,"message":"Restriction violated"}}' }, loadVideo);
    expect(r.log.filter(([, type]) => type === 'mediaPlayer/failed').map(([, , p]) => [p.code, p.message])).toEqual([
      ['STORAGE_VIDEO_MANIFEST_FAILED', 'Video manifest request failed with status 403'],
    ]);
    expect(r.calls).toEqual([]);
  });

  it("spec 001 §8 Manifest: protected profiles without media keys fail with 'KeySystem does not support the file format.'; the clear preview plays", () => {
    const failed = run(manifest(PREMIUM), loadVideo, { ...initialDrmState, status: 'failed' });
    expect(failed.log.filter(([, type]) => type === 'mediaPlayer/failed').map(([, , p]) => p.message)).toEqual(['KeySystem does not support the file format.']);
    const preview = run(manifest(PREVIEW), loadVideo, { ...initialDrmState, status: 'failed' });
    expect(types(preview)).toContain('video/started');
    expect(types(preview)).not.toContain('mediaPlayer/failed');
  });

  it('waits for the key system being chosen before judging the profiles', () => {
    const r = run(manifest(PREMIUM), [...loadVideo.map(([, a]) => [0, a] as const), [300, mediaKeysAttached({ keySystem: 'org.w3.clearkey' })]], {
      ...initialDrmState,
      status: 'selecting',
    });
    expect(r.log.find(([, type]) => type === 'video/started')?.[0]).toBeGreaterThanOrEqual(300);
    expect(types(r)).not.toContain('mediaPlayer/failed');
  });

  it('a stop ends the stream: nothing more is fetched', () => {
    const r = run(manifest(PREMIUM), [...loadVideo, [1, mediaStopRequested()], [1000, mediaSeekRequested({ positionMs: 18000 })]]);
    // The init segment asked for before the stop is all: no segment, not even after a seek, and no end of stream.
    expect(r.calls.filter((c) => c.startsWith('fetch'))).toEqual([`fetch ${BASE}1/init`]);
    expect(r.calls).not.toContain('end');
  });
});
