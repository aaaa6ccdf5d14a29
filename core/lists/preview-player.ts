import type { Playable, Resource } from '../model/embed-data';

/**
 * The preview player of spec 001 §4: it plays a resource's track list on one audio element.
 * These are its pure rules; the widget's epics turn them into decisions.
 */

/**
 * Whether the visitor may play an item at all: the widget's rule (spec 000 §4 Track availability, §5
 * episode markets; core/widget/episode-availability availableTo), handed in so that the lists
 * domain does not import the widget (core/purity.test.ts ALLOWED_DIRECTIONS).
 */
export type IsAvailable = (item: Playable) => boolean;

/** The list a resource plays (spec 000 §3): a single track or episode is a list of one. */
export function trackListOf(resource: Resource): ReadonlyArray<Playable> {
  switch (resource.type) {
    case 'album':
      return resource.tracks.items;
    case 'playlist':
      return resource.tracks.items.map((item) => item.track);
    case 'artist':
      return resource.tracks;
    case 'show':
      return resource.episodes.items;
    case 'track':
    case 'episode':
      return [resource];
  }
}

/**
 * spec 001 §5: the preview player plays only playable tracks with a preview address; playable for
 * this visitor (spec 000 §4 Track availability, and an episode only in its markets, §5).
 */
export function isPreviewable(track: Playable, isAvailable: IsAvailable): boolean {
  return isAvailable(track) && typeof track.audio_preview_url === 'string' && track.audio_preview_url !== '';
}

/** Issue 18: a video episode's preview is its video preview (picture and sound), else the MP3 preview. */
export function previewSrcOf(track: Playable): string | null {
  return (track.type === 'episode' ? track.video_preview?.url : undefined) ?? track.audio_preview_url;
}

/** spec 001 §5: playback starts at the first playable track unless an index is given. */
export function startIndex(list: ReadonlyArray<Playable>, isAvailable: IsAvailable, index?: number): number | null {
  if (index !== undefined) return index >= 0 && index < list.length ? index : null;
  const first = list.findIndex((track) => isPreviewable(track, isAvailable));
  return first === -1 ? null : first;
}

/** spec 001 §4 Preview player: next wraps to the first. */
export function nextIndex(index: number, length: number): number {
  return length === 0 ? 0 : (index + 1) % length;
}

/** spec 001 §4 Preview player: previous goes to the prior index (the first stays the first). */
export function previousIndex(index: number): number {
  return Math.max(0, index - 1);
}

export type TrackDecision =
  | { readonly kind: 'load'; readonly index: number; readonly uri: string; readonly src: string }
  /** spec 001 §4: a track without playability or preview address triggers the unavailable-track callback. */
  | { readonly kind: 'unavailable'; readonly index: number; readonly uri: string };

/** What to do with the track at `index`; null when the index is outside the list. */
export function decideTrack(list: ReadonlyArray<Playable>, index: number, isAvailable: IsAvailable): TrackDecision | null {
  const track = list[index];
  if (track === undefined) return null;
  return isPreviewable(track, isAvailable) && track.audio_preview_url !== null
    ? { kind: 'load', index, uri: track.uri, src: previewSrcOf(track) ?? track.audio_preview_url }
    : { kind: 'unavailable', index, uri: track.uri };
}
