import type { Image, Playable, Resource, VideoPreview } from '../model/embed-data';
import { startIndex, trackListOf } from '../lists/preview-player';
import { isPreviewMode, PREVIEW_CAP_MS } from './preview-mode';
import type { WidgetState } from './state';
import { availableTo, isAvailableTo, visitorOf } from './episode-availability';
import { formatTime } from './time-format';
import { coverImagesOf } from './big-cover-art';

/*
 * Pure view selectors over WidgetState. Containers in ui/ read the store only through these, so the
 * view rules (spec 000 §2) are unit-tested here, without React.
 */

/** The current resource (spec 000 §3: entities keyed by URI, the current resource is one of them). */
export function selectResource(state: WidgetState): Resource | undefined {
  return state.entities[state.resourceUri];
}

export function selectTrackList(state: WidgetState): ReadonlyArray<Playable> {
  const resource = selectResource(state);
  return resource === undefined ? [] : trackListOf(resource);
}

/**
 * The playing track, else the one the preview player would start at (spec 001 §5: "starting at the
 * first playable"), else the first.
 */
export function selectCurrentTrack(state: WidgetState): Playable | undefined {
  const list = selectTrackList(state);
  const { trackUri } = state.playback;
  const playing = trackUri === null ? undefined : list.find((track) => track.uri === trackUri);
  return playing ?? list[startIndex(list, availableTo(visitorOf(state))) ?? 0];
}

export function selectTitle(state: WidgetState): string {
  return selectResource(state)?.name ?? '';
}

const artistNames = (artists: ReadonlyArray<{ readonly name: string }>): string => artists.map((a) => a.name).join(', ');

/** The line under the title: the artists, the show's publisher or the playlist's owner. */
export function selectSubtitle(state: WidgetState): string {
  const resource = selectResource(state);
  if (resource === undefined) return '';
  switch (resource.type) {
    case 'album':
    case 'track':
      return artistNames(resource.artists);
    case 'playlist':
      return resource.owner.display_name;
    case 'show':
      return resource.publisher;
    case 'episode':
      return resource.show?.publisher ?? resource.show?.name ?? '';
    case 'artist': {
      // The artist is already the title; what would play comes next.
      const track = selectCurrentTrack(state);
      return track === undefined ? '' : track.name;
    }
  }
}

/** The cover art of the resource (spec 000 §3: album.images for a track, show.images for an episode). */
export function selectCoverImages(state: WidgetState): ReadonlyArray<Image> {
  const resource = selectResource(state);
  return resource === undefined ? [] : coverImagesOf(resource);
}

export function selectDominantColor(state: WidgetState): string {
  return selectResource(state)?.dominantColor ?? '#333333';
}

/** spec 000 §2 Links: the item's web-player address. */
export function selectOpenUrl(state: WidgetState): string {
  return selectResource(state)?.external_urls.spotify ?? '';
}

export function selectIsPlaying(state: WidgetState): boolean {
  return state.playback.isPlaying;
}

/**
 * The length the bar and label measure against: what the player reported, else the current track's
 * catalogue length; spec 000 §4 Preview mode: capped at 30000 ms. Null when unknown.
 */
export function selectTotalMs(state: WidgetState): number | null {
  const duration = state.playback.durationMs ?? selectCurrentTrack(state)?.duration_ms ?? null;
  if (duration === null || !Number.isFinite(duration) || duration <= 0) return null;
  return isPreviewMode(state) ? Math.min(duration, PREVIEW_CAP_MS) : duration;
}

/** The position the player confirmed (PROGRESS_UPDATE). */
export function selectPositionMs(state: WidgetState): number {
  return state.playback.progress;
}

/**
 * The position the progress bar and the time label show: the one the visitor asked for (dragging,
 * or a seek the player has not confirmed yet: core/widget/progress-drag.ts), else the player's.
 */
export function selectShownPositionMs(state: WidgetState): number {
  return state.seekTarget?.positionMs ?? state.playback.progress;
}

/** A drag of the progress bar is in progress (spec 000 §2: the tooltip and thumb show). */
export function selectIsDragging(state: WidgetState): boolean {
  return state.seekTarget?.dragging === true;
}

export interface RemainingTime {
  readonly hidden: boolean;
  readonly text: string;
}

/**
 * spec 000 §2 Remaining-time label: a minus sign and the time left; zero when the total or the
 * position is missing; hidden when there is no total; never negative.
 */
export function remainingTime(totalMs: number | null, positionMs: number | null): RemainingTime {
  const left = totalMs === null || positionMs === null ? 0 : Math.max(0, totalMs - positionMs);
  return { hidden: totalMs === null, text: `-${formatTime(left)}` };
}

export function selectRemaining(state: WidgetState): RemainingTime {
  return remainingTime(selectTotalMs(state), selectShownPositionMs(state));
}

/** spec 000 §5: "Progress percent is capped at 100" (and, being a width, never below 0). */
export function progressPercent(totalMs: number | null, positionMs: number): number {
  if (totalMs === null || totalMs <= 0 || !Number.isFinite(positionMs)) return 0;
  return Math.min(100, Math.max(0, (positionMs / totalMs) * 100));
}

export function selectProgressPercent(state: WidgetState): number {
  return progressPercent(selectTotalMs(state), selectShownPositionMs(state));
}

/** One row of the track list table (spec 000 §2). */
export interface TrackRow {
  readonly uri: string;
  readonly name: string;
  /** spec 000 §2: the artists subtitle is shown for playlists only; null elsewhere. */
  readonly subtitle: string | null;
  readonly durationMs: number;
  /** Not available to this visitor (spec 000 §4 Track availability, §5 episode markets): marked in the list. */
  readonly unavailable: boolean;
}

/** `available[i]` false marks row i unavailable (selectRowAvailability); rows without an entry are available. */
export function toTrackRows(tracks: ReadonlyArray<Playable>, withSubtitles: boolean, available: ReadonlyArray<boolean> = []): ReadonlyArray<TrackRow> {
  return tracks.map((track, i) => ({
    uri: track.uri,
    name: track.name,
    subtitle: !withSubtitles ? null : track.type === 'track' ? artistNames(track.artists) : (track.show?.name ?? ''),
    durationMs: track.duration_ms,
    unavailable: available[i] === false,
  }));
}

/**
 * Per row of the list, whether the visitor may play it (spec 000 §4 Track availability; §5 an episode
 * only in its markets): what a click would answer with the unavailable notice is marked beforehand.
 */
export function selectRowAvailability(state: WidgetState): ReadonlyArray<boolean> {
  const visitor = visitorOf(state);
  return selectTrackList(state).map((item) => isAvailableTo(item, visitor));
}

export function selectRowsHaveSubtitles(state: WidgetState): boolean {
  return selectResource(state)?.type === 'playlist';
}

/** The row that shows the playing marker instead of its number. */
export function selectPlayingUri(state: WidgetState): string | null {
  return state.playback.isPlaying ? state.playback.trackUri : null;
}

/**
 * Issue 18: the preview player's video preview (an anonymous visitor's video episode), while the player holds
 * that episode; null otherwise. The embed data's own object, so that its identity is stable between renders.
 */
export function selectPreviewVideo(state: WidgetState): VideoPreview | null {
  const { index, status } = state.player;
  if (index === null || status === 'idle') return null;
  const track = selectTrackList(state)[index];
  return track?.type === 'episode' ? (track.video_preview ?? null) : null;
}
