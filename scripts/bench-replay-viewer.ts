// Issue 19 "It stays fast on long sessions": the replay viewer's timeline on a 1-hour synthetic
// session built from the logged-in album fixture (core/replay-viewer/synthetic.ts). Prints measured
// figures (goal: open under 1 s, jump under 50 ms); it asserts nothing about time.
//   npm run bench:replay-viewer
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseActionLog, serializeActionLog } from '../core/store/action-log';
import { widgetReducer } from '../core/widget/reducer';
import { repeatSession } from '../core/replay-viewer/synthetic';
import { createReplayTimeline, DEFAULT_SNAPSHOT_EVERY } from '../core/replay-viewer/timeline';

const HOUR = 60 * 60 * 1000;
const JUMPS = 200;

const recorded = parseActionLog(readFileSync('fixtures/sessions/logged-in-album.jsonl', 'utf8'));
const text = serializeActionLog(repeatSession(recorded, HOUR, 16));

const openStart = performance.now();
const timeline = createReplayTimeline(parseActionLog(text), widgetReducer);
const openMs = performance.now() - openStart;

// Jumps spread over the hour in a fixed scattered order (a multiplicative walk), so none reuses the last state.
const count = timeline.entries.length;
const jumpTimes: number[] = [];
let maxFolded = 0;
for (let i = 0; i < JUMPS; i += 1) {
  const index = (i * 7919) % count;
  const start = performance.now();
  const { folded } = timeline.stateAt(index);
  jumpTimes.push(performance.now() - start);
  maxFolded = Math.max(maxFolded, folded);
}
jumpTimes.sort((a, b) => a - b);
const at = (q: number) => (jumpTimes[Math.min(jumpTimes.length - 1, Math.floor(q * jumpTimes.length))] ?? 0).toFixed(2);

console.log(
  `replay viewer, 1 hour synthetic session: ${count} actions, ${(text.length / 1024).toFixed(0)} KiB of JSONL, snapshots every ${DEFAULT_SNAPSHOT_EVERY}`,
);
console.log(`  open (parse + fold + snapshot index): ${openMs.toFixed(1)} ms (goal < 1000 ms)`);
console.log(
  `  jump over ${JUMPS} steps: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (goal < 50 ms); at most ${maxFolded} actions folded per jump`,
);
