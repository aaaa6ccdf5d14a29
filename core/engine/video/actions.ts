import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * Issue 18, the video path of the media player (spec 001 §3 manifest_ids_video, §7 video manifest
 * and templated segments, §9 Video quality). A video track is a media-player load like any other
 * (mediaPlayer/loadRequested: play, pause, seek, volume, progress and ended are the element's, as
 * for audio); only its source differs: the video manifest and streamVideo instead of
 * storage-resolve, the seek table and byte-range fragments. Every step carries its load's play id.
 */

/** The next load is of this video source (trackLoadActions puts it right before mediaPlayer/loadRequested). */
export const videoSourceChosen = defineAction('video/sourceChosen', { sourceId: t.string });

export const SubtitleTrack = t.type({ language: t.string, url: t.string });

/** The manifest is read and the MediaSource open on the chosen profiles: the video plays from here. */
export const videoStarted = defineAction('video/started', {
  playId: t.number,
  sourceId: t.string,
  /** spec 001 §9 Codecs: the video profile's codec (vp8, avc1.4d401f). */
  videoCodec: t.string,
  videoProfile: t.number,
  audioProfile: t.number,
  width: t.number,
  height: t.number,
  /** bits/s: the video profile's video_bitrate plus the audio profile's audio_bitrate (the §9 rule's sum). */
  bitrate: t.number,
  durationMs: t.number,
  subtitles: t.array(SubtitleTrack),
});

/** spec 001 §9 Video quality: the profile changes from segment `index` on (at the boundary, nothing flushed). */
export const videoSwitched = defineAction('video/switched', {
  playId: t.number,
  from: t.number,
  to: t.number,
  index: t.number,
  /** Where that segment starts on the track's time line. */
  startMs: t.number,
  estimateBps: t.number,
  width: t.number,
  height: t.number,
  bitrate: t.number,
});

/** One segment (index -1: an init segment) fetched and appended: a sample for the §9 estimator. */
export const videoSegmentAppended = defineAction('video/segmentAppended', {
  playId: t.number,
  /** The CDN it came from (the manifest's base_urls[0]): the tracking record's per-CDN stats. */
  cdn: t.string,
  buffer: t.keyof({ video: null, audio: null }),
  profile: t.number,
  index: t.number,
  bytes: t.number,
  elapsedMs: t.number,
});

/** spec 001 §7 Media: a segment retried on status 0, a connection error or a server error. */
export const videoSegmentRetried = defineAction('video/segmentRetried', {
  playId: t.number,
  url: t.string,
  retry: t.number,
  code: t.string,
  message: t.string,
});

export const videoActions = [videoSourceChosen, videoStarted, videoSwitched, videoSegmentAppended, videoSegmentRetried] as const;
