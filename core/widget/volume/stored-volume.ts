/** Where the volume is kept between page views (localStorage via the StoragePort). */
export const VOLUME_STORAGE_KEY = 'embed-player.volume';

/** The stored text as a volume 0..1, or null when nothing usable is stored (absent, garbage, out of range). */
export function parseStoredVolume(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const volume = Number(raw);
  return Number.isFinite(volume) && volume >= 0 && volume <= 1 ? volume : null;
}

/** The volume as stored: short decimal text. */
export function formatStoredVolume(volume: number): string {
  return String(Math.round(volume * 1000) / 1000);
}
