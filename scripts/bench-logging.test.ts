// Issue 14 "Must show": the logging bench measures what it says, on both databases: every event it
// counts was answered with success and is stored once.
import { FIXTURES_DIR } from '../server/testing/demo-catalogue';
import { benchLogging } from './bench-logging';

jest.setTimeout(120_000);

it('stores every event it sends, on SQLite and on Postgres, batched and one by one, and counts them', async () => {
  const figures = await benchLogging({ requests: 20, concurrency: 4, deadlineMs: 60_000, fixturesDir: FIXTURES_DIR });
  expect(figures.map((f) => [f.dialect, f.endpoint, f.writer, f.events, f.stored])).toEqual([
    ['sqlite', '/v1/metric', 'one by one', 20, 20],
    ['sqlite', '/v1/metric', 'batched', 20, 20],
    ['sqlite', '/log/actions', 'batched', 1000, 1000],
    ['postgres', '/v1/metric', 'one by one', 20, 20],
    ['postgres', '/v1/metric', 'batched', 20, 20],
    ['postgres', '/log/actions', 'batched', 1000, 1000],
  ]);
  for (const f of figures) expect(f.eventsPerSecond).toBeGreaterThan(0);
});
