// spec 001 §6 Roles and permissions: the web player's page says which role its visitor has (anonymous, free,
// premium: the listener's product from /v1/me), so its controls give sign-up tooltips to anonymous visitors and
// the upgrade tooltip to free listeners (core/webplayer/tooltips.ts).
import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { logInCookie } from '../accounts/login-client';
import { PAGE_DATA_ID, type WebPlayerPageData } from '../../ui/webplayer/page-data';
import { audienceOf } from '../../core/webplayer';

const album = demoCatalogue().albums[0]!;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function pageState(cookie?: string): Promise<WebPlayerPageData['state']> {
  const response = await fetch(server.url(`/album/${album.id}`), { headers: cookie === undefined ? {} : { cookie } });
  const json = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(await response.text())?.[1];
  return (JSON.parse(json ?? 'null') as WebPlayerPageData).state;
}

describe('the web player page carries its visitor’s role (spec 001 §6)', () => {
  it('anonymous: no product; demo: premium; free: free', async () => {
    const anonymous = await pageState();
    expect(anonymous.product).toBeUndefined();
    expect(audienceOf(anonymous)).toBe('anonymous');
    const premium = await pageState(await logInCookie(server.url(''), 'demo', 'demo'));
    expect(premium.product).toBe('premium');
    expect(audienceOf(premium)).toBe('premium');
    const free = await pageState(await logInCookie(server.url(''), 'free', 'free'));
    expect(free.product).toBe('free');
    expect(audienceOf(free)).toBe('free');
  });
});
