/**
 * The public API's reorder (PUT /playlists/{id}/tracks): the `length` items from `start` move to
 * just before the item that was at `insertBefore` (the end when it equals the list's length).
 * An insert point inside the range leaves the order as it was.
 */
export function moveRange<T>(items: readonly T[], start: number, length: number, insertBefore: number): T[] {
  const inRange = (i: number) => i >= start && i < start + length;
  const moved = items.slice(start, start + length);
  const before = items.slice(0, insertBefore).filter((_, i) => !inRange(i));
  const after = items.slice(insertBefore).filter((_, i) => !inRange(i + insertBefore));
  return [...before, ...moved, ...after];
}
