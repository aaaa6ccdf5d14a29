import type { ResourceType } from '../catalogue/resources';
import { escapeHtml } from '../embed/html';

type Json = Record<string, unknown>;

/** The parts of an item page, read from the catalogue object the embed page also carries. */
export interface OpenPageItem {
  readonly type: ResourceType;
  readonly id: string;
  readonly name: string;
  readonly byline: ReadonlyArray<{ readonly name: string; readonly href: string | null }>;
  readonly imageUrl: string | null;
  readonly children: ReadonlyArray<{ readonly name: string; readonly href: string | null; readonly durationMs: number | null }>;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const obj = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null);
const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj).filter((x): x is Json => x !== null) : []);
const href = (o: Json): string | null => str(obj(o.external_urls)?.spotify);
const items = (v: unknown): Json[] => (Array.isArray(v) ? arr(v) : arr(obj(v)?.items));

/** The image closest to 300 px wide (the page shows it at 300 px). */
function pickImage(images: Json[]): string | null {
  const sorted = [...images].sort((a, b) => Math.abs(Number(a.width) - 300) - Math.abs(Number(b.width) - 300));
  return sorted[0] === undefined ? null : str(sorted[0].url);
}

export function toOpenPageItem(type: ResourceType, id: string, o: Json): OpenPageItem {
  const show = obj(o.show);
  const byline =
    type === 'playlist'
      ? [{ name: str(obj(o.owner)?.display_name) ?? '', href: null }]
      : type === 'show'
        ? [{ name: str(o.publisher) ?? '', href: null }]
        : type === 'episode' && show !== null
          ? [{ name: str(show.name) ?? '', href: null }]
          : arr(o.artists).map((a) => ({ name: str(a.name) ?? '', href: href(a) }));
  const childObjects =
    type === 'playlist'
      ? items(o.tracks)
          .map((row) => obj(row.track))
          .filter((x): x is Json => x !== null)
      : type === 'show'
        ? items(o.episodes)
        : type === 'album' || type === 'artist'
          ? items(o.tracks)
          : [];
  return {
    type,
    id,
    name: str(o.name) ?? '',
    byline: byline.filter((b) => b.name !== ''),
    imageUrl: pickImage(arr(o.images)) ?? pickImage(arr(obj(o.album)?.images)) ?? (show === null ? null : pickImage(arr(show.images))),
    children: childObjects.map((c) => ({
      name: str(c.name) ?? '',
      href: href(c),
      durationMs: typeof c.duration_ms === 'number' ? c.duration_ms : null,
    })),
  };
}

const TYPE_LABEL: Record<ResourceType, string> = {
  album: 'Album',
  artist: 'Artist',
  playlist: 'Playlist',
  track: 'Song',
  show: 'Podcast',
  episode: 'Episode',
};

/** Heights that show each kind well in the page's player: a list needs rows, a single item does not. */
const EMBED_HEIGHT: Record<ResourceType, number> = { album: 380, artist: 380, playlist: 380, show: 380, track: 152, episode: 152 };

const minutes = (ms: number) => `${Math.floor(ms / 60000)}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, '0')}`;

const STYLE =
  'body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#121212;color:#fff}main{max-width:720px;margin:0 auto;padding:24px 16px}' +
  'header{display:flex;gap:24px;align-items:flex-end;flex-wrap:wrap}header img{width:200px;height:200px;object-fit:cover;border-radius:4px}' +
  'h1{font-size:32px;line-height:1.2;margin:4px 0}a{color:#fff}.kind,.byline,.dur{color:#b3b3b3}' +
  'iframe{display:block;border:0;border-radius:8px;margin:24px 0}ol{padding-left:24px}li{padding:4px 0}' +
  '.dur{margin-left:8px;font-variant-numeric:tabular-nums}';

/**
 * The provider's open page for an item (spec 000 §7 "Open URL: the public web player host plus
 * the item's type and id"): what the widget's title and logo links lead to in the demo, with the
 * item's own player embedded.
 */
export function renderOpenPage(item: OpenPageItem): string {
  const link = (name: string, to: string | null) => (to === null ? escapeHtml(name) : `<a href="${escapeHtml(to)}">${escapeHtml(name)}</a>`);
  const byline = item.byline.map((b) => link(b.name, b.href)).join(', ');
  const image = item.imageUrl === null ? '' : `<img src="${escapeHtml(item.imageUrl)}" alt="">`;
  const rows = item.children
    .map((c) => `<li>${link(c.name, c.href)}${c.durationMs === null ? '' : `<span class="dur">${minutes(c.durationMs)}</span>`}</li>`)
    .join('');
  const embed = `/embed/${item.type}/${encodeURIComponent(item.id)}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(item.name)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head><body><main>` +
    `<header>${image}<div><p class="kind">${TYPE_LABEL[item.type]}</p><h1>${escapeHtml(item.name)}</h1>` +
    `${byline === '' ? '' : `<p class="byline">${byline}</p>`}</div></header>` +
    `<iframe title="${escapeHtml(`Player: ${item.name}`)}" src="${embed}" width="100%" height="${EMBED_HEIGHT[item.type]}" allow="encrypted-media"></iframe>` +
    `${rows === '' ? '' : `<ol>${rows}</ol>`}</main></body></html>`
  );
}
