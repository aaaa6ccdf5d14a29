// Issue 14 "Must show": the realtime bench measures what it says: every push it counts was sent on
// one instance and received by the socket held by the other (or by the same one, for the baseline).
import { FIXTURES_DIR } from '../server/testing/demo-catalogue';
import { benchRealtime } from './bench-realtime';

jest.setTimeout(120_000);

it('every push sent through Redis from B reaches the dealer socket on A, and each is counted once', async () => {
  const figures = await benchRealtime({ pushes: 200, concurrency: 8, deadlineMs: 60_000, fixturesDir: FIXTURES_DIR });
  expect(figures.map((f) => [f.route, f.sent, f.received])).toEqual([
    ['pushTo across instances (Redis)', 200, 200],
    ['push to user across instances (Redis)', 200, 200],
    ['pushTo on the same instance', 200, 200],
  ]);
  for (const f of figures) expect(f.pushesPerSecond).toBeGreaterThan(0);
});
