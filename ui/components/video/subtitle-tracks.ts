import { useEffect } from 'react';
import { languageName, type SubtitleTrack } from './languages';

/*
 * Issue 18, spec 001 §2 "a video container element, with optional subtitle tracks": the video's
 * WebVTT files as <track kind="subtitles"> children of the engine's media element. The element is
 * not React's (the engine made it), so its tracks are kept here in effects, not rendered.
 */

/** Marks the tracks this module added, so that it removes only its own. */
const MARK = 'data-video-subtitles';

/** Adds one <track kind="subtitles" srclang label src> per subtitle; returns what removes them again. */
export function addSubtitleTracks(media: HTMLMediaElement, subtitles: ReadonlyArray<SubtitleTrack>, locale: string): () => void {
  const added = subtitles.map((subtitle) => {
    const track = media.ownerDocument.createElement('track');
    track.kind = 'subtitles';
    track.srclang = subtitle.language;
    track.label = languageName(subtitle.language, locale);
    track.src = subtitle.url;
    track.setAttribute(MARK, '');
    media.appendChild(track);
    return track;
  });
  return () => added.forEach((track) => track.remove());
}

/** What the mode rule needs of a <track>: its language and its text track (absent where the DOM has none, as jsdom). */
export interface ModedTrack {
  readonly srclang: string;
  readonly track?: { mode: TextTrackMode } | null;
}

/**
 * The chosen language's track 'showing', every other 'disabled' (not 'hidden': a hidden track
 * still loads and fires cues nobody reads); null turns them all off.
 */
export function setSubtitleModes(tracks: Iterable<ModedTrack>, language: string | null): void {
  for (const element of tracks) {
    const mode: TextTrackMode = element.srclang === language ? 'showing' : 'disabled';
    if (element.track != null && element.track.mode !== mode) element.track.mode = mode;
  }
}

/** This module's <track> elements of a media element. */
export const subtitleTracksOf = (media: HTMLMediaElement): HTMLTrackElement[] => Array.from(media.querySelectorAll<HTMLTrackElement>(`track[${MARK}]`));

/**
 * Keeps the media element's subtitle tracks those of the video, and the chosen one showing. The
 * tracks are keyed by their URLs, so a re-render with an equal list keeps them (and their loaded cues).
 */
export function useSubtitleTracks(media: HTMLMediaElement | null, subtitles: ReadonlyArray<SubtitleTrack>, locale: string, language: string | null): void {
  // The list as its value: a new array with the same tracks keeps them (the effect reads the list back from it).
  const key = JSON.stringify(subtitles.map(({ language: code, url }) => ({ language: code, url })));
  useEffect(() => {
    if (media === null) return undefined;
    return addSubtitleTracks(media, JSON.parse(key) as SubtitleTrack[], locale);
  }, [media, key, locale]);
  useEffect(() => {
    if (media === null) return undefined;
    const apply = () => setSubtitleModes(subtitleTracksOf(media), language);
    apply();
    // The browser's own choice (its automatic text track selection, run a task after tracks are added: Chromium
    // turned the English track on beside the chosen one after a move of the frame) is undone: the listener's stays.
    const tracks = media.textTracks as Partial<TextTrackList> | undefined;
    // jsdom's list is no event target.
    if (typeof tracks?.addEventListener !== 'function') return undefined;
    tracks.addEventListener('change', apply);
    return () => tracks.removeEventListener?.('change', apply);
  }, [media, key, locale, language]);
}
