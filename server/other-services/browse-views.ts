import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** The item types a view's sections list (spec 001 §9 views types album, playlist, artist, show). */
export type BrowseViewType = 'album' | 'playlist' | 'artist' | 'show';

export interface BrowseView {
  readonly name: string;
  /** The ids of each type the view lists, in its order; a type it does not list is absent. */
  readonly listing: Partial<Record<BrowseViewType, () => Promise<string[]>>>;
}

/** The view ids of the web player's browse pages (spec 001 §2 /browse/featured, podcasts, charts, newreleases, discover). */
export const BROWSE_VIEW_IDS = ['featured', 'podcasts', 'charts', 'new-releases', 'discover'] as const;

/** A genre (issue 17, migration 006): the Web API's browse category, and the view of /genre/{genreId}. */
export interface Genre {
  readonly id: string;
  readonly name: string;
}

/** The genre of this id, or null. */
export async function genreOf(db: Kysely<Database>, id: string): Promise<Genre | null> {
  return (await db.selectFrom('genres').select(['id', 'name']).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The ids of a genre's items of one type (unordered). */
export async function genreMembers(db: Kysely<Database>, genreId: string, type: BrowseViewType): Promise<Set<string>> {
  const rows = await db.selectFrom('item_genres').select('item_id').where('genre_id', '=', genreId).where('item_type', '=', type).execute();
  return new Set(rows.map((r) => r.item_id));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The browse views, built from the catalogue and what listeners keep of it: charts rank by how
 * many libraries hold an item (playlists by followers), new releases by release date, discover
 * leaves out what the viewer already keeps, featured and podcasts put the most kept first. Sorted
 * in JavaScript (ties by name, then id), so both databases give one order. A genre's id is the view of
 * its page (spec 001 §2 /genre/{genreId}): its albums, playlists, artists and shows, most kept first.
 * Null: neither a browse view nor a genre.
 */
export async function browseView(db: Kysely<Database>, viewId: string, viewer: string | null): Promise<BrowseView | null> {
  const named = async (type: BrowseViewType): Promise<Array<{ id: string; name: string; date: string }>> => {
    switch (type) {
      case 'album':
        return (await db.selectFrom('albums').select(['id', 'name', 'release_date']).execute()).map((r) => ({ id: r.id, name: r.name, date: r.release_date }));
      case 'artist':
        return (await db.selectFrom('artists').select(['id', 'name']).execute()).map((r) => ({ ...r, date: '' }));
      case 'show':
        return (await db.selectFrom('shows').select(['id', 'name']).execute()).map((r) => ({ ...r, date: '' }));
      case 'playlist':
        return (
          await db
            .selectFrom('playlists as p')
            .leftJoin('user_playlists as u', 'u.playlist_id', 'p.id')
            .select(['p.id', 'p.name'])
            .where((eb) => eb.or([eb('u.public', 'is', null), eb('u.public', '=', 1)]))
            .execute()
        ).map((r) => ({ ...r, date: '' }));
    }
  };
  const counts = async (type: BrowseViewType): Promise<Map<string, number>> => {
    const rows =
      type === 'playlist'
        ? await db
            .selectFrom('playlist_followers')
            .select(['playlist_id as id', (eb) => eb.fn.countAll().as('n')])
            .groupBy('playlist_id')
            .execute()
        : await db
            .selectFrom('library_items')
            .select(['item_id as id', (eb) => eb.fn.countAll().as('n')])
            .where('kind', '=', type)
            .groupBy('item_id')
            .execute();
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  };
  const kept = async (type: BrowseViewType): Promise<Set<string>> => {
    if (viewer === null) return new Set();
    const rows =
      type === 'playlist'
        ? await db.selectFrom('playlist_followers').select('playlist_id as id').where('user_id', '=', viewer).execute()
        : await db.selectFrom('library_items').select('item_id as id').where('user_id', '=', viewer).where('kind', '=', type).execute();
    return new Set(rows.map((r) => r.id));
  };
  const mostKept = (type: BrowseViewType) => async () => {
    const [rows, n] = await Promise.all([named(type), counts(type)]);
    return rows.sort((a, b) => (n.get(b.id) ?? 0) - (n.get(a.id) ?? 0) || cmp(b.date, a.date) || cmp(a.name, b.name) || cmp(a.id, b.id)).map((r) => r.id);
  };
  const newest = (type: BrowseViewType) => async () =>
    (await named(type)).sort((a, b) => cmp(b.date, a.date) || cmp(a.name, b.name) || cmp(a.id, b.id)).map((r) => r.id);
  const unkept = (type: BrowseViewType) => async () => {
    const [ids, mine] = await Promise.all([newest(type)(), kept(type)]);
    return ids.filter((id) => !mine.has(id));
  };
  switch (viewId) {
    case 'featured':
      return { name: 'Featured', listing: { playlist: mostKept('playlist'), album: mostKept('album') } };
    case 'podcasts':
      return { name: 'Podcasts', listing: { show: mostKept('show') } };
    case 'charts':
      return { name: 'Charts', listing: { album: mostKept('album'), artist: mostKept('artist'), playlist: mostKept('playlist'), show: mostKept('show') } };
    case 'new-releases':
      return { name: 'New releases', listing: { album: newest('album') } };
    case 'discover':
      return { name: 'Discover', listing: { album: unkept('album'), artist: unkept('artist'), playlist: unkept('playlist'), show: unkept('show') } };
    default: {
      const genre = await genreOf(db, viewId);
      if (genre === null) return null;
      const inGenre = (type: BrowseViewType) => async () => {
        const [ids, members] = await Promise.all([mostKept(type)(), genreMembers(db, genre.id, type)]);
        return ids.filter((id) => members.has(id));
      };
      return { name: genre.name, listing: { album: inGenre('album'), playlist: inGenre('playlist'), artist: inGenre('artist'), show: inGenre('show') } };
    }
  }
}
