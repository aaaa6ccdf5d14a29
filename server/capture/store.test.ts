import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDbHandle } from '../db/database';
import { FIXTURES_DIR } from '../testing/demo-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { CaptureTooLargeError, createCaptureStore, parseCaptureRetentionDays } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
const upload = { widget: { actionLog: '{}\n' }, environment: { userAgent: 'u', language: 'en', viewport: { width: 1, height: 1 } } };

describe.each(DIALECTS)('Issue 19 capture store on %s', (dialect) => {
  const stores = useDialect(dialect);

  it('retention (CAPTURE_RETENTION_DAYS): purge deletes the captures made before the period and keeps the rest; a capture over the compressed cap is refused', async () => {
    const handle = await openDbHandle({ dataDir: mkdtempSync(join(tmpdir(), 'capture-')), fixturesDir: FIXTURES_DIR, databaseUrl: await stores.databaseUrl() });
    try {
      const clock = { now: Date.UTC(2026, 0, 1) };
      const store = createCaptureStore(handle.kysely, { retentionDays: 2, now: () => clock.now });
      const old = await store.save(upload, null);
      clock.now += DAY_MS;
      const fresh = await store.save(upload, 'someone');
      clock.now += DAY_MS + 1;
      expect(await store.purge()).toBe(1);
      expect(await store.find(old.id)).toBeNull();
      expect((await store.find(fresh.id))?.owner).toBe('someone');
      // Random bytes do not compress: 1.5 MiB of them stay over the 1 MiB cap once deflated.
      const noise = randomBytes(1_500_000).toString('base64');
      await expect(store.save({ ...upload, widget: { actionLog: noise } }, null)).rejects.toBeInstanceOf(CaptureTooLargeError);
    } finally {
      await handle.close();
    }
  });
});

it('CAPTURE_RETENTION_DAYS: unset is 30, a positive number is taken, anything else refused', () => {
  expect(parseCaptureRetentionDays(undefined)).toBe(30);
  expect(parseCaptureRetentionDays('0.5')).toBe(0.5);
  expect(() => parseCaptureRetentionDays('-1')).toThrow(/CAPTURE_RETENTION_DAYS/);
});
