import type { IngestRows } from './ingest-rows';
import { catalogueId } from './stable-ids';

/** A genre is one name whatever its case (its id does not depend on the folder that names it). */
export const genreIdOf = (name: string): string => catalogueId('genre', name.trim().toLowerCase());

/** The item's genres as the metadata orders them, each genre named once; repeated names are dropped. */
export function addGenres(rows: IngestRows, itemType: 'artist' | 'album' | 'show' | 'playlist', itemId: string, names: ReadonlyArray<string>): void {
  const seen = new Set<string>();
  for (const name of names) {
    const genreId = genreIdOf(name);
    if (seen.has(genreId)) continue;
    seen.add(genreId);
    if (!rows.genres.some((g) => g.id === genreId)) rows.genres.push({ id: genreId, name: name.trim() });
    rows.itemGenres.push({ itemType, itemId, genreId, position: seen.size - 1 });
  }
}
