import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { sessionCookie } from '../web-api/api-test-client';

/*
 * Issue 13, spec 000 §5: "An episode is available only if the user's country code is in the
 * available_markets of the episode, its resource or its show." The embed data says so for the
 * visitor's market (an anonymous visitor's: the server's COUNTRY; a logged-in one's: their
 * account's), and hands out no preview of an episode not sold there.
 */

const { shows, episodes } = demoCatalogue();
const show = shows[0]!;
const showEpisodes = episodes.filter((e) => e.showId === show.id);
// The demo's third episode is sold neither in SE (the server's country) nor is its show.
const unsold = showEpisodes.find((e) => !e.availableMarkets.includes('SE'))!;
const sold = showEpisodes.find((e) => e.availableMarkets.includes('SE'))!;

interface EpisodeJson {
  readonly uri: string;
  readonly is_playable: boolean;
  readonly audio_preview_url: string | null;
}
interface PageData {
  readonly resource: EpisodeJson & { readonly episodes?: { readonly items: EpisodeJson[] } };
  readonly config: { readonly countryCode: string };
  readonly session?: { readonly market: string };
}

const jsonBlock = (html: string): PageData => {
  const match = /<script id="resource" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (match === null) throw new Error('no JSON block in the page');
  return JSON.parse(match[1]!) as PageData;
};

let server: TestServer;
let listenerInSe: string;
let listenerInNo: string;
beforeAll(async () => {
  server = await startTestServer(undefined, { country: 'SE' });
  // The demo accounts are made in the server's country; one listener moves to NO, where the episode is sold.
  // Through the server's database handle (the accounts live in Postgres when DATABASE_URL says so).
  const moved = await server.app.database.kysely.updateTable('accounts').set({ country: 'NO' }).where('username', '=', 'free').executeTakeFirst();
  expect(moved.numUpdatedRows).toBe(1n);
  listenerInSe = await sessionCookie(server, 'demo', 'demo');
  listenerInNo = await sessionCookie(server, 'free', 'free');
});
afterAll(() => server.stop());

const pageData = async (path: string, cookie: string | null): Promise<{ data: PageData; html: string }> => {
  const response = await fetch(server.url(path), { headers: cookie === null ? {} : { cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  return { data: jsonBlock(html), html };
};
const itemOf = (data: PageData, id: string): EpisodeJson => {
  const found = data.resource.episodes?.items.find((e) => e.uri === `spotify:episode:${id}`);
  if (found === undefined) throw new Error(`episode ${id} is not in the show's list`);
  return found;
};

describe("the embed data follows the visitor's market for episodes (spec 000 §5; issue 13)", () => {
  it.each<[string, () => string | null, string, boolean]>([
    ['anonymous, in SE', () => null, 'SE', false],
    ['logged in, an account in SE', () => listenerInSe, 'SE', false],
    ['logged in, an account in NO (the page country is the account market, spec 000 §7 from_token)', () => listenerInNo, 'NO', true],
  ])('show embed, %s: the unsold episode is playable only where sold, with no preview address elsewhere', async (_case, cookie, country, playable) => {
    const { data } = await pageData(`/embed/show/${show.id}`, cookie());
    expect(data.config.countryCode).toBe(country);
    const item = itemOf(data, unsold.id);
    expect([item.is_playable, item.audio_preview_url === null]).toEqual([playable, !playable]);
    // An episode sold everywhere the listener may be keeps its preview.
    const other = itemOf(data, sold.id);
    expect([other.is_playable, typeof other.audio_preview_url]).toEqual([true, 'string']);
  });

  it.each<[string, () => string | null, boolean]>([
    ['anonymous, in SE', () => null, false],
    ['logged in, an account in SE', () => listenerInSe, false],
    ['logged in, an account in NO', () => listenerInNo, true],
  ])("the unsold episode's own embed, %s: no preview outside its markets, none prefetched", async (_case, cookie, playable) => {
    const { data, html } = await pageData(`/embed/episode/${unsold.id}`, cookie());
    expect([data.resource.is_playable, data.resource.audio_preview_url === null]).toEqual([playable, !playable]);
    if (!playable) expect(html).not.toContain(unsold.preview);
  });
});
