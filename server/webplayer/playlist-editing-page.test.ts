import { sessionCookie, apiGet, apiSend } from '../web-api/api-test-client';
import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import type { WebPlayerPageData } from '../../ui/webplayer/page-data';

/*
 * Issue 17 playlist editing on /playlist/{id}: the page hands its owner the playlist to edit
 * (core/webplayer/playlist-editing.ts) and renders its tools; another listener and an anonymous
 * visitor get none (the provider would answer their writes 403), and every page offers "Create
 * playlist" with the listener's user id for the create call.
 */

const cat = demoCatalogue();
const [a, b] = cat.tracks.slice(0, 2) as [(typeof cat.tracks)[number], (typeof cat.tracks)[number]];

let server: TestServer;
let demo: string;
let free: string;
let playlistId: string;
let demoId: string;

beforeAll(async () => {
  server = await startTestServer();
  demo = await sessionCookie(server, 'demo', 'demo');
  free = await sessionCookie(server, 'free', 'free');
  const grant = (await (await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie: demo } })).json()) as {
    accessToken: string;
  };
  demoId = (await apiGet(server, '/v1/me', grant.accessToken)).body.id as string;
  playlistId = (await apiSend(server, 'POST', `/v1/users/${demoId}/playlists`, grant.accessToken, { name: 'Page list' })).body.id as string;
  await apiSend(server, 'POST', `/v1/playlists/${playlistId}/tracks`, grant.accessToken, { uris: [`spotify:track:${a.id}`, `spotify:track:${b.id}`] });
}, 60000);
afterAll(() => server.stop());

async function page(path: string, cookie?: string): Promise<{ html: string; data: WebPlayerPageData }> {
  const response = await fetch(server.url(path), { headers: cookie === undefined ? {} : { cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const json = /<script type="application\/json" id="webplayer-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  return { html, data: JSON.parse(json) as WebPlayerPageData };
}

describe('/playlist/{id} and playlist editing (issue 17)', () => {
  it('its owner gets the playlist to edit, its rows in order, and the tools (make private, rename, move, remove)', async () => {
    const { html, data } = await page(`/playlist/${playlistId}`, demo);
    const editing = data.state.playlistEditing;
    expect(editing).toMatchObject({ loggedIn: true, userId: demoId, open: { id: playlistId, name: 'Page list', public: true, owned: true } });
    expect(editing.open?.rows.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(editing.open?.snapshotId).toEqual(expect.any(String));
    expect(html).toContain('>Make private</button>');
    expect(html).toContain('>Rename</button>');
    expect(html).toContain(`aria-label="Move ${b.name} up"`);
    expect(html).toContain(`aria-label="Remove ${a.name} from this playlist"`);
  });

  it('another listener gets no tools for it (their writes would be refused), only the add menu and "Create playlist"', async () => {
    const { html, data } = await page(`/playlist/${playlistId}`, free);
    expect(data.state.playlistEditing.open).toBeNull();
    expect(data.state.playlistEditing.userId).not.toBe(demoId);
    expect(html).not.toContain('Make private');
    expect(html).not.toContain(`aria-label="Move ${b.name} up"`);
    expect(html).toContain(`aria-label="Add ${a.name} to playlist"`);
    expect(html).toContain('Create playlist');
  });

  it('an anonymous visitor gets none either, and no user id', async () => {
    const { html, data } = await page(`/playlist/${playlistId}`);
    expect(data.state.playlistEditing).toMatchObject({ loggedIn: false, userId: null, open: null });
    expect(html).not.toContain('Make private');
    expect(html).toContain('Create playlist');
  });
});
