// Issue 14 Storage: the licence URL's signing secret (issue 12) is one per database, on SQLite and
// on Postgres alike: made once, kept across restarts, the same for instances that start together.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDbHandle, type DbHandle } from '../db/database';
import { DIALECTS, useDialect } from '../testing/dialects';
import { FIXTURES_DIR } from '../testing/demo-catalogue';
import { createLicenceUrlSigner, serverSecret } from './licence-signature';

jest.setTimeout(60_000);

describe.each(DIALECTS)('server secrets on %s', (dialect) => {
  const database = useDialect(dialect);
  let dataDir: string;
  const handles: DbHandle[] = [];
  const open = async (url: string | undefined) => {
    const handle = await openDbHandle({ dataDir, fixturesDir: FIXTURES_DIR, databaseUrl: url });
    handles.push(handle);
    return handle;
  };
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'embed-secret-'));
  });
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a secret is made once: concurrent first reads agree, and a reopened database gives it back', async () => {
    const url = await database.databaseUrl();
    const first = await open(url);
    const together = await Promise.all([0, 1, 2, 3].map(() => serverSecret(first.kysely, 'licence-url-hmac')));
    expect(together[0]!.length).toBe(32);
    for (const secret of together) expect(secret.equals(together[0]!)).toBe(true);
    expect((await serverSecret(first.kysely, 'other')).equals(together[0]!)).toBe(false);
    await first.close();
    const again = await open(url);
    expect((await serverSecret(again.kysely, 'licence-url-hmac')).equals(together[0]!)).toBe(true);
    expect(await again.kysely.selectFrom('server_secrets').select('name').orderBy('name').execute()).toEqual([{ name: 'licence-url-hmac' }, { name: 'other' }]);
  });

  it('two instances over one database sign licence URLs alike (another instance accepts the URL)', async () => {
    const url = await database.databaseUrl();
    const a = await open(url);
    // Two handles on Postgres; on SQLite the same file is reopened.
    const b = dialect === 'postgres' ? await open(url) : a;
    const [signerA, signerB] = await Promise.all([createLicenceUrlSigner(a.kysely)(), createLicenceUrlSigner(b.kysely)()]);
    const sig = signerA.sign('account-1', 1_900_000_000);
    expect(signerB.verify('account-1', 1_900_000_000, sig)).toBe(true);
    expect(signerB.verify('account-2', 1_900_000_000, sig)).toBe(false);
  });
});
