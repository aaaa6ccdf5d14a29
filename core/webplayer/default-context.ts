import type { WebPlayerPage, WebSection, WebTrack } from './state';

/** A context to play and where it starts: the section and row of the page (-1: none, a card's item). */
export interface PlayContext {
  readonly contextUri: string;
  readonly index: number;
  readonly section: number;
  readonly row: number;
}

const firstPlayable = (rows: readonly WebTrack[]) => rows.findIndex((track) => track.playable);

/**
 * spec 001 §2 default playback context: toggling play with nothing loaded plays the item of an
 * item path, else the first playable item of the page's data, in page order: the first playable
 * row of a track list (in the list's context, or as its own track), or the first card that plays.
 * null: nothing on the page can play.
 */
export function defaultPlaybackContext(page: WebPlayerPage): PlayContext | null {
  if (page.itemUri !== null) {
    // The item plays from the first playable row of its own list (an album's tracks), else from its start.
    const section = page.sections.findIndex((s) => s.kind === 'tracks' && s.contextUri === page.itemUri);
    const list = page.sections[section];
    const row = list?.kind === 'tracks' ? Math.max(firstPlayable(list.rows), 0) : -1;
    return { contextUri: page.itemUri, index: Math.max(row, 0), section, row };
  }
  for (let section = 0; section < page.sections.length; section++) {
    const context = firstOfSection(page.sections[section]!, section);
    if (context !== null) return context;
  }
  return null;
}

/** A section's first playable item. Add a case here for a new section kind that can play. */
function firstOfSection(section: WebSection, index: number): PlayContext | null {
  switch (section.kind) {
    case 'tracks':
      return rowContext(section, index, firstPlayable(section.rows));
    case 'cards': {
      const card = section.cards.find((c) => c.playable && c.uri !== '');
      return card === undefined ? null : { contextUri: card.uri, index: 0, section: index, row: -1 };
    }
    case 'links':
      // Tabs lead to other pages: nothing of them plays.
      return null;
  }
}

/** The context a row of a track list plays in; null for no row or one that cannot play. */
export function rowContext(section: WebSection | undefined, sectionIndex: number, row: number): PlayContext | null {
  if (section?.kind !== 'tracks') return null;
  const track = section.rows[row];
  if (track === undefined || !track.playable) return null;
  return section.contextUri === null
    ? { contextUri: track.uri, index: 0, section: sectionIndex, row }
    : { contextUri: section.contextUri, index: row, section: sectionIndex, row };
}
