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
import { linkTranscript } from '../core/replay-viewer/transcript-links';
import { engineReducer } from '../core/engine/player';
import { engineReplayBuild } from '../core/engine/player/tapped-deps';
import { parseTranscript, TRANSCRIPT_WINDOW } from '../core/store/transcript';
import { config } from 'rxjs';

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

// The engine's port transcript pane (issue 19): linking is one replay of the engine's log over its
// transcript, made once when the engine's log is first shown; selecting then looks the links up.
// A browser keeps at most TRANSCRIPT_WINDOW entries, so an hour's capture is windowed: its links
// come from the inputs alone, without a replay.
config.onUnhandledError = () => undefined;
const engineText = readFileSync('fixtures/sessions/logged-in-album.engine.jsonl', 'utf8');
const transcriptText = readFileSync('fixtures/sessions/logged-in-album.engine.transcript.jsonl', 'utf8');
const engineFile = parseActionLog(engineText);
const linkStart = performance.now();
const links = linkTranscript(engineFile, parseTranscript(transcriptText), { reducer: engineReducer, build: engineReplayBuild });
const linkMs = performance.now() - linkStart;
const lookups: number[] = [];
for (const entry of engineFile.entries) {
  const start = performance.now();
  for (const index of links.entriesOf(entry.seq)) links.linksOf(index);
  lookups.push(performance.now() - start);
}
lookups.sort((a, b) => a - b);
const whole = parseTranscript(transcriptText);
const windowedEntries = Array.from({ length: TRANSCRIPT_WINDOW }, (_, i) => whole.entries[i % whole.entries.length] ?? { k: 'input' as const });
const windowedStart = performance.now();
linkTranscript(engineFile, { header: { ...whole.header, dropped: 1 }, entries: windowedEntries }, { reducer: engineReducer, build: engineReplayBuild });
const windowedMs = performance.now() - windowedStart;
console.log(
  `  engine transcript: link ${links.rows.length} entries to ${engineFile.entries.length} actions (one replay): ${linkMs.toFixed(1)} ms (${links.linkedBy}, ${
    links.replay.ok ? 'replays the same' : 'diverged'
  }); a windowed ${TRANSCRIPT_WINDOW}-entry transcript (an hour's capture): ${windowedMs.toFixed(1)} ms`,
);
console.log(
  `  select an action -> its transcript entries: median ${(lookups[Math.floor(lookups.length / 2)] ?? 0).toFixed(3)} ms, max ${(lookups.at(-1) ?? 0).toFixed(3)} ms`,
);
