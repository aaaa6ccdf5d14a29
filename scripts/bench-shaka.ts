// The Shaka Player baselines of npm run bench (scripts/bench-protected.ts, the protected full track; scripts/bench-video.ts,
// the protected video episode): what their pages share, so that both measure Shaka set up the same way.
import { CLEARKEY_KEY_SYSTEM, LICENCE_URL_PATH } from '../server/licence/licence-url';

/** The W3C ClearKey system id of DASH ContentProtection (DASH-IF IOP). */
export const CLEARKEY_DASH_SCHEME = 'urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e';

/** A 32-digit hex key id as the UUID of a DASH cenc:default_KID. */
export const uuidOf = (hex: string): string => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** What a baseline page is handed before the click, as window.BENCH (JSON, safe inside a <script>). */
export const configScript = (config: object): string => `<script>window.BENCH=${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;

export interface ShakaPageOptions {
  /** The page's media element Shaka attaches to. */
  readonly element: 'audio' | 'video';
  /** The window.BENCH field holding the DASH manifest's URL. */
  readonly manifestField: string;
  /** Script lines run after the player is made and before it is configured. */
  readonly prelude?: string;
  /** More player.configure fields after `drm` (JS object entries, each ending with a comma). */
  readonly configure?: string;
}

/**
 * Shaka Player's page script: the player made, attached to the page's element and given its ClearKey licence server
 * (window.BENCH.licenceUri, asked with the premium bearer BENCH.token) before the click; the click on #play loads the
 * manifest and plays. That is what the engine has done at the click too (initialised on pointer entry, key system set
 * up) and what it still has to do after it: loading before the click would give Shaka the track's data for free and
 * compare nothing the engine can do before a click. Any Shaka error is a console error, which fails the load.
 */
export function shakaPageScript(options: ShakaPageOptions): string {
  return `<script src="/__bench/shaka-player.compiled.js"></script>
<script>
const B = window.BENCH;
const media = document.querySelector('${options.element}');
shaka.polyfill.installAll();
const player = new shaka.Player();
${options.prelude ?? ''}
player.configure({
  drm: { servers: { '${CLEARKEY_KEY_SYSTEM}': B.licenceUri } },
  ${options.configure ?? ''}
});
player.getNetworkingEngine().registerRequestFilter((type, request) => {
  // The licence server wants the premium bearer (server/licence/README.md).
  if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) request.headers['Authorization'] = 'Bearer ' + B.token;
});
player.addEventListener('error', (event) => console.error('shaka', JSON.stringify(event.detail)));
player.attach(media).then(() => {
  document.getElementById('play').onclick = () => {
    player.load(B[${JSON.stringify(options.manifestField)}]).then(() => media.play(), (err) => console.error('shaka load', JSON.stringify(err)));
  };
  document.documentElement.dataset.ready = 'true';
});
</script>`;
}

/**
 * The licence server's uri for one content (spec 001 §7 Media: GET license url with keysystem, mediatype, sdk_name,
 * sdk_version). The answered uri names the content by a placeholder its player substitutes (the engine does:
 * core/engine/drm/licence-response.ts); the baselines are handed the uri with the content's id in it (an audio file's
 * id, a video's source id), as their page would be configured.
 */
export async function licenceUriFor(origin: string, token: string, mediaType: 'audio' | 'video', contentId: string): Promise<string> {
  const query = new URLSearchParams({ keysystem: CLEARKEY_KEY_SYSTEM, mediatype: mediaType, sdk_name: 'bench', sdk_version: '0' });
  const response = await fetch(`${origin}${LICENCE_URL_PATH}?${query.toString()}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`licence URL: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { uri: string }).uri.split('{contentId}').join(encodeURIComponent(contentId));
}
