import { EMPTY, catchError, concat, filter, from, map, mergeMap, of, switchMap, take, takeUntil, distinctUntilChanged, type Observable } from 'rxjs';
import type { HttpResponse, VideoSourcePort } from '../../ports';
import type { Action } from '../../store/action';
import type { Epic, StateObservable } from '../../store/store';
import { initDataAnnounced } from '../drm/actions';
import { hexToBase64 } from '../drm/base64';
import type { DrmSlice } from '../drm/state';
import { mediaLoadRequested, mediaPlayerFailed, mediaStopRequested } from '../media/actions';
import type { MediaDeps } from '../media/deps';
import { mediaElementError } from '../media/element-fact';
import { failure } from '../media/failure';
import type { MediaSlice } from '../media/state';
import type { SessionSlice } from '../session/state';
import { videoSegmentAppended, videoSegmentRetried, videoStarted, videoSwitched } from './actions';
import { judgeVideoManifest, videoManifestRequest, type VideoManifest, type VideoProfile } from './manifest';
import { playableProfiles, type ProfileSet } from './profiles';
import { segmentLengthMs, subtitleUrl } from './segments';
import { streamVideo, type VideoStreamEvent } from './stream';

type VideoState = MediaSlice & SessionSlice & DrmSlice;
export type VideoEpic = Epic<VideoState, MediaDeps>;

/** spec 001 §2 subtitle tracks: each language of the manifest with its WebVTT URL. */
export function subtitlesOf(manifest: VideoManifest): Array<{ language: string; url: string }> {
  return (manifest.subtitle_language_codes ?? []).flatMap((language) => {
    const url = subtitleUrl(manifest, language);
    return url === null ? [] : [{ language, url }];
  });
}

const profileById = (set: ProfileSet, id: number): VideoProfile | undefined => [...set.video, ...set.audio].find((p) => p.id === id);

/**
 * The init data the element will report for this playback's protected profiles, from the manifest
 * (spec 001 §3 Encryption: contents[0].encryption_infos[encryption_index], for the chosen key
 * system): 'cenc' for MP4, its pssh box as is (the one box of the init segment's moov); 'webm' for
 * WebM, the key id's bytes, and none when the manifest gives no key id (the element's
 * 'encrypted' fact licenses it then). Licensed now, the key is asked for while the first segments
 * download, as Shaka does (issue 18's bench), instead of after the first init segment is appended.
 */
export function announcedInitData(manifest: VideoManifest, set: ProfileSet, keySystem: string | null): Array<{ initDataType: string; initData: string }> {
  const infos = manifest.contents[0]?.encryption_infos ?? [];
  const found = new Map<string, { initDataType: string; initData: string }>();
  for (const profile of [...set.video, ...set.audio]) {
    const info = profile.encryption_index === null ? undefined : infos[profile.encryption_index];
    if (info === undefined || info.key_system !== keySystem) continue;
    const fact = profile.mime_type.endsWith('/mp4')
      ? { initDataType: 'cenc', initData: info.pssh }
      : profile.mime_type.endsWith('/webm') && info.key_id !== undefined
        ? { initDataType: 'webm', initData: hexToBase64(info.key_id) }
        : undefined;
    if (fact !== undefined && fact.initData !== '') found.set(`${fact.initDataType} ${fact.initData}`, fact);
  }
  return [...found.values()];
}

/** A stream event as the engine's action (the failures are spec 001 §8's, with their texts). */
function eventAction(
  state$: StateObservable<VideoState>,
  load: { readonly playId: number; readonly sourceId: string; readonly manifest: VideoManifest; readonly set: ProfileSet; audio: VideoProfile | null },
  event: VideoStreamEvent,
): Action[] {
  const { playId, sourceId, manifest, set } = load;
  switch (event.kind) {
    case 'attached': {
      const video = profileById(set, event.video)!;
      const audio = profileById(set, event.audio)!;
      // The audio profile stays for the whole playback (streamVideo switches video only).
      load.audio = audio;
      return [
        videoStarted({
          playId,
          sourceId,
          videoCodec: video.video_codec ?? '',
          videoProfile: video.id,
          audioProfile: audio.id,
          width: video.video_width,
          height: video.video_height,
          bitrate: video.video_bitrate + audio.audio_bitrate,
          durationMs: manifest.end_time_millis - manifest.start_time_millis,
          subtitles: subtitlesOf(manifest),
        }),
      ];
    }
    case 'switched': {
      const to = profileById(set, event.to)!;
      const { audio } = load;
      return [
        videoSwitched({
          playId,
          from: event.from,
          to: event.to,
          index: event.index,
          startMs: event.index * segmentLengthMs(manifest),
          estimateBps: event.estimateBps,
          width: to.video_width,
          height: to.video_height,
          bitrate: to.video_bitrate + (audio?.audio_bitrate ?? 0),
        }),
      ];
    }
    case 'appended':
      return [
        videoSegmentAppended({
          playId,
          cdn: manifest.base_urls[0] ?? '',
          buffer: event.buffer,
          profile: event.profile,
          index: event.index,
          bytes: event.bytes,
          elapsedMs: event.elapsedMs,
        }),
      ];
    case 'retried':
      return [videoSegmentRetried({ playId, url: event.url, retry: event.retry, code: event.error.code, message: event.error.message })];
    case 'ended':
      return [];
    case 'failed':
      return [failure(state$.value.media, playId, event.error)];
  }
}

/**
 * One video track's load (issue 18): the video manifest (spec 001 §7 Media, authorised,
 * supports_drm; §8 'Video manifest request failed with status N'), the profiles this browser and
 * key system can play (protected ones only once the DRM has media keys: its setup is waited for),
 * then streamVideo on the element's two source buffers, choosing profiles by spec 001 §9 Video
 * quality from the media player's estimator. The key is licensed under the source id (the load's
 * fileId, drm.contentId) from the manifest's init data before the segments are fetched
 * (announcedInitData); the element's 'encrypted' fact for it is then one seen before.
 */
function playVideo(state$: StateObservable<VideoState>, deps: MediaDeps, video: VideoSourcePort, base: string, sourceId: string): Observable<Action> {
  const { playId } = state$.value.media;
  const failed = (error: Parameters<typeof failure>[2]): Observable<Action> => of(failure(state$.value.media, playId, error));
  return deps.http.request(videoManifestRequest(base, sourceId, state$.value.session.accessToken ?? '')).pipe(
    take(1),
    // No answer at all is the status-0 failure of the same text.
    catchError((): Observable<HttpResponse> => of({ status: 0, headers: {}, body: '' })),
    mergeMap((response) => {
      const verdict = judgeVideoManifest(response);
      if (verdict.kind === 'fail') return failed(verdict.error);
      const { manifest } = verdict;
      return state$.pipe(
        filter((s) => s.drm.status !== 'selecting'),
        take(1),
        mergeMap((s) => {
          const playable = playableProfiles(manifest, { isTypeSupported: (type) => video.isTypeSupported(type), keySystem: s.drm.mediaKeys });
          if ('error' in playable) return failed(playable.error);
          const load = { playId, sourceId, manifest, set: playable.set, audio: null };
          const positionMs$ = state$.pipe(
            map((current) => current.media.positionMs),
            distinctUntilChanged(),
          );
          const announced = s.drm.mediaKeys ? announcedInitData(manifest, playable.set, s.drm.keySystem) : [];
          return concat(
            from(announced.map((fact) => initDataAnnounced(fact))),
            streamVideo({ manifest, profiles: playable.set, bandwidth: s.media.bandwidth, positionMs$ }, { ...deps, video }).pipe(
              mergeMap((event) => eventAction(state$, load, event)),
              // spec 001 §8 Media: a type the element cannot play (MediaError 4's text).
              catchError((err: unknown) => failed({ ...mediaElementError(4), detail: String(err) })),
            ),
          );
        }),
      );
    }),
  );
}

/**
 * Issue 18 (spec 001 §3 manifest_ids_video): a media-player load of a video track plays through
 * playVideo; any other load or a stop ends it (its MediaSource is detached), and so does a failure
 * of its load (the element's own error included).
 */
export const videoLoadEpic: VideoEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((action) => mediaLoadRequested.match(action) || mediaStopRequested.match(action)),
    switchMap((action) => {
      const { media } = state$.value;
      const sourceId = media.track?.video;
      const { video } = deps;
      const base = deps.media.videoManifestBase;
      if (!mediaLoadRequested.match(action) || sourceId === undefined || video === undefined || base === undefined) return EMPTY;
      const failedHere$ = action$.pipe(filter((a) => mediaPlayerFailed.match(a) && a.playId === media.playId));
      return playVideo(state$, deps, video, base, sourceId).pipe(takeUntil(failedHere$));
    }),
  );
