import type { CardsSection, LinksSection, TracksSection, WebCard, WebLink, WebTrack } from './state';

/** A track/episode list; contextUri null: each row plays as its own track. */
export const tracksSection = (
  id: string,
  title: string | null,
  contextUri: string | null,
  rows: readonly WebTrack[],
  columns: TracksSection['columns'],
  empty: string,
): TracksSection => ({ kind: 'tracks', id, title, contextUri, rows, columns, empty });

/** A grid of cards; moreHref: a "Show all" link. */
export const cardsSection = (id: string, title: string | null, cards: readonly WebCard[], empty: string, moreHref: string | null = null): CardsSection => ({
  kind: 'cards',
  id,
  title,
  moreHref,
  cards,
  empty,
});

/** Tabs between sibling pages; `current`: the href of the page they are on. */
export const linksSection = (id: string, title: string, links: readonly WebLink[], current: string | null): LinksSection => ({
  kind: 'links',
  id,
  title,
  links,
  current,
});
