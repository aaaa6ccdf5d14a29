import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { logInCookie } from '../accounts/login-client';
import { openUrl } from '../../core/model/uri';
import { PAGE_DATA_ID, type WebPlayerPageData } from '../../ui/webplayer/page-data';

const catalogue = demoCatalogue();
const album = catalogue.albums.find((a) => catalogue.tracks.some((t) => t.albumId === a.id))!;
const albumTracks = catalogue.tracks.filter((t) => t.albumId === album.id);
const artist = catalogue.artists.find((a) => a.topTrackIds.length > 0)!;
const playlist = catalogue.playlists[0]!;
const show = catalogue.shows[0]!;
const episode = catalogue.episodes[0]!;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = async (path: string, cookie?: string) => {
  const response = await fetch(server.url(path), { redirect: 'manual', headers: cookie === undefined ? {} : { cookie } });
  const html = await response.text();
  const json = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html)?.[1];
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    html,
    data: json === undefined ? null : (JSON.parse(json) as WebPlayerPageData),
  };
};

async function tokenOf(cookie: string): Promise<string> {
  const grant = (await (await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } })).json()) as {
    accessToken: string;
  };
  return grant.accessToken;
}

describe('item pages at the open URLs (spec 000 §7 "the public web player host plus the item\'s type and id"; issue 17 item paths of spec 001 §2)', () => {
  it("the widget's open URL of an album is a web player page: header with artists, its tracks playing in the album, share tags, anonymous", async () => {
    const page = await get(openUrl('', { type: 'album', id: album.id }));
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.cache).toBe('no-store');
    expect(page.html).toContain(`<h1>${escape(album.name)}</h1>`);
    expect(page.html).toMatch(/<a href="\/artist\/[0-9A-Za-z]+">/);
    expect(page.html).toContain(`<meta property="og:title" content="${escape(album.name)}">`);
    expect(page.html).toMatch(/<meta property="og:image" content="[^"]+">/);
    expect(page.html).toContain('<meta property="og:type" content="music.album">');
    const state = page.data!.state;
    expect(state.page.itemUri).toBe(`spotify:album:${album.id}`);
    expect(state.loggedIn).toBe(false);
    expect(state.player.mode).toBe('preview');
    const list = state.page.sections[0]!;
    expect(list.kind === 'tracks' && list.contextUri).toBe(`spotify:album:${album.id}`);
    expect(list.kind === 'tracks' && list.rows.map((r) => r.id).sort()).toEqual(albumTracks.map((t) => t.id).sort());
    // Anonymous visitors hear previews: the rows carry their preview files.
    expect(list.kind === 'tracks' && list.rows.every((r) => r.previewUrl !== null)).toBe(true);
    // Its media and image URLs name the origin the visitor reached, not the in-process request's (they would not load).
    const origin = new URL(server.url('/')).origin;
    expect(list.kind === 'tracks' && list.rows.every((r) => r.previewUrl?.startsWith(`${origin}/`))).toBe(true);
    expect(state.page.header?.imageUrl?.startsWith(`${origin}/`)).toBe(true);
    expect(page.html).not.toContain('http://localhost/');
    expect(state.page.header?.actions).toEqual([{ kind: 'play' }, { kind: 'library', uri: `spotify:album:${album.id}`, verb: 'save' }]);
    expect(page.data!.session).toBeNull();
  });

  it('the universal link form (query string and bo=1 added, spec 000 §7) opens the same page', async () => {
    const page = await get(`/album/${album.id}?utm_source=embed&bo=1`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1>${escape(album.name)}</h1>`);
  });

  it('an artist page has its top tracks (playing in the artist) and album cards; a show its episodes; an episode and a track their own row', async () => {
    const a = (await get(`/artist/${artist.id}`)).data!.state.page;
    expect(a.header?.round).toBe(true);
    const [popular, discography] = a.sections;
    expect(popular?.kind === 'tracks' && popular.contextUri).toBe(`spotify:artist:${artist.id}`);
    expect(popular?.kind === 'tracks' && popular.rows.length).toBeGreaterThan(0);
    expect(discography?.kind === 'cards' && discography.cards.every((c) => c.href.startsWith('/album/'))).toBe(true);
    expect(discography?.kind === 'cards' && discography.cards.length).toBeGreaterThan(0);
    expect(a.header?.actions).toContainEqual({ kind: 'library', uri: `spotify:artist:${artist.id}`, verb: 'follow' });

    const s = (await get(`/show/${show.id}`)).data!.state.page;
    expect(s.header?.name).toBe(show.name);
    expect(s.sections[0]?.kind === 'tracks' && s.sections[0].rows.every((r) => r.uri.startsWith('spotify:episode:'))).toBe(true);
    expect(s.header?.actions).toContainEqual({ kind: 'library', uri: `spotify:show:${show.id}`, verb: 'save' });

    const e = await get(`/episode/${episode.id}`);
    expect(e.status).toBe(200);
    expect(e.data!.state.page.itemUri).toBe(`spotify:episode:${episode.id}`);
    const t = await get(`/track/${albumTracks[0]!.id}`);
    expect(t.data!.state.page.sections[0]?.kind === 'tracks' && t.data!.state.page.sections[0].rows[0]?.name).toBe(albumTracks[0]!.name);
    const p = await get(`/playlist/${playlist.id}`);
    expect(p.status).toBe(200);
    expect(p.html).toContain(`<h1>${escape(playlist.name)}</h1>`);
  });

  it("logged in: the page carries the listener's session and the saved/followed state of the item and its rows", async () => {
    const demo = await logInCookie(server.url(''), 'demo', 'demo');
    const token = await tokenOf(demo);
    const saved = await fetch(server.url(`/v1/me/albums?ids=${album.id}`), { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
    expect(saved.ok).toBe(true);
    const page = (await get(`/album/${album.id}`, demo)).data!;
    expect(page.session?.accessToken).toMatch(/.+/);
    expect(page.state.loggedIn).toBe(true);
    expect(page.state.player.mode).toBe('full');
    expect(page.state.library[`spotify:album:${album.id}`]).toBe(true);
    expect(page.state.library[`spotify:track:${albumTracks[0]!.id}`]).toBe(false);
    const other = (await get(`/album/${album.id}`, await logInCookie(server.url(''), 'free', 'free'))).data!;
    expect(other.state.library[`spotify:album:${album.id}`]).toBe(false);
  });

  it("another listener's private playlist is not found (404, nothing of it shown), its owner sees it without a follow button", async () => {
    const demo = await logInCookie(server.url(''), 'demo', 'demo');
    const token = await tokenOf(demo);
    const me = (await (await fetch(server.url('/v1/me'), { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };
    const made = (await (
      await fetch(server.url(`/v1/users/${me.id}/playlists`), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Secret mix', public: false }),
      })
    ).json()) as { id: string };
    const own = await get(`/playlist/${made.id}`, demo);
    expect(own.status).toBe(200);
    expect(own.html).toContain('<h1>Secret mix</h1>');
    expect(own.data!.state.page.header?.actions).toEqual([{ kind: 'play' }]);
    const theirs = await get(`/playlist/${made.id}`, await logInCookie(server.url(''), 'free', 'free'));
    expect(theirs.status).toBe(404);
    expect(theirs.html).not.toContain('Secret mix');
    const anonymous = await get(`/playlist/${made.id}`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.html).not.toContain('Secret mix');
  });

  it('an unknown id is a readable 404 and a malformed one a 400, never a 500', async () => {
    for (const type of ['album', 'artist', 'playlist', 'track', 'show', 'episode']) {
      expect((await get(`/${type}/0000000000000000000000`)).status).toBe(404);
      expect((await get(`/${type}/${'x'.repeat(40)}`)).status).toBe(400);
    }
  });
});
