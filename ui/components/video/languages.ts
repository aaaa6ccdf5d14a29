/*
 * Issue 18: the subtitle languages of a video (spec 001 §3 subtitle_language_codes) as the subtitles
 * control offers them: the page's locale's language first, then the manifest's order.
 */

/** One subtitle track of a video: its language code and its WebVTT URL (core/contract/events.ts EngineVideo). */
export interface SubtitleTrack {
  readonly language: string;
  readonly url: string;
}

/** The primary language subtag, lowercased: 'sv-SE' and 'sv_se' → 'sv'. */
export const primaryLanguage = (tag: string): string => (tag.split(/[-_]/)[0] ?? '').toLowerCase();

/** The tracks with the locale's language first (stable otherwise), so the listener's own is at the top of the menu. */
export function orderSubtitles(subtitles: ReadonlyArray<SubtitleTrack>, locale: string): SubtitleTrack[] {
  const own = primaryLanguage(locale);
  return [...subtitles.filter((s) => primaryLanguage(s.language) === own), ...subtitles.filter((s) => primaryLanguage(s.language) !== own)];
}

/**
 * A language's name in the page's locale ('sv' in an English page: 'Swedish'; in a Swedish one:
 * 'Svenska'), capitalised as a menu item; the code itself where the browser cannot name it.
 */
export function languageName(language: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale, 'en'], { type: 'language' }).of(language);
    if (name === undefined || name === '') return language;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    // An ill-formed tag (RangeError): its code is all there is to show.
    return language;
  }
}
