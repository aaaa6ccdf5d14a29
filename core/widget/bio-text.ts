import type { WidgetState } from './state';

/** Opening and closing link tags (<a href="spotify:artist:...">, </a>), any attributes, any case. */
const LINK_TAG = /<a\b[^>]*>|<\/a\s*>/gi;

/**
 * spec 000 §5 Bio text: "splits on line breaks, drops empty lines and strips link markup". A link
 * keeps its text (the artist's name); other markup is left as text, since the widget shows the
 * paragraphs as plain text and never as HTML. Lines are trimmed, so a line of spaces is empty too.
 */
export function splitBioText(bio: string | null | undefined): ReadonlyArray<string> {
  if (bio === null || bio === undefined) return [];
  return bio
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(LINK_TAG, '').trim())
    .filter((line) => line !== '');
}

/** The current resource's biography as written, or null (only artists have one, and not all). */
export function selectBiography(state: Pick<WidgetState, 'entities' | 'resourceUri'>): string | null {
  const resource = state.entities[state.resourceUri];
  return resource?.type === 'artist' ? (resource.biography ?? null) : null;
}
