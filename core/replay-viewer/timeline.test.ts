import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseActionLog } from '../store/action-log';
import { replayFold } from '../store/replay';
import { widgetReducer } from '../widget/reducer';
import type { WidgetState } from '../widget/state';
import { repeatSession } from './synthetic';
import { createReplayTimeline } from './timeline';

const fixture = (name: string) => parseActionLog(readFileSync(path.join(__dirname, '../../fixtures/sessions', name), 'utf8'));
const HOUR = 60 * 60 * 1000;

describe('replay viewer timeline (issue 19 The viewer)', () => {
  const album = fixture('logged-in-album.jsonl');

  // The skip and the epic output it caused, found by type: the fixture is re-recorded from time to time.
  const skip = album.entries.find((entry) => entry.action.type === 'widget/skipNextRequested');
  const decided = album.entries.find((entry) => entry.cause !== undefined && entry.cause === skip?.seq);

  it('lists every action with seq, time, source, type, domain and cause', () => {
    const timeline = createReplayTimeline(album, widgetReducer);
    expect(timeline.entries).toHaveLength(album.entries.length);
    expect(skip).toBeDefined();
    expect(timeline.entries[timeline.indexOfSeq(skip?.seq ?? -1) ?? -1]).toMatchObject({ seq: skip?.seq, t: skip?.t, src: 'ui', domain: 'widget' });
    expect(timeline.entries[timeline.indexOfSeq(decided?.seq ?? -1) ?? -1]).toMatchObject({
      seq: decided?.seq,
      src: 'epic',
      cause: skip?.seq,
      type: 'full/engineCommandDecided',
      domain: 'full',
    });
  });

  it("an action's causal chain runs back through its causes to the input", () => {
    const timeline = createReplayTimeline(album, widgetReducer);
    expect(timeline.causalChain(timeline.indexOfSeq(decided?.seq ?? -1) ?? -1).map((entry) => entry.seq)).toEqual([decided?.seq, skip?.seq]);
    expect(timeline.causalChain(timeline.indexOfSeq(skip?.seq ?? -1) ?? -1).map((entry) => entry.seq)).toEqual([skip?.seq]);
  });

  it('the state at each step is the fold replay state after that entry (the widget reducer)', () => {
    const timeline = createReplayTimeline(album, widgetReducer, { snapshotEvery: 8 });
    const { states } = replayFold<WidgetState>(album, widgetReducer);
    expect(timeline.stateAt(-1).state).toEqual(album.header.initialState);
    // Out of order on purpose: backwards, forwards and far jumps.
    for (const index of [states.length - 1, 0, 57, 56, 58, 3, 101, 102, 103, 12]) {
      expect(timeline.stateAt(index).state).toEqual(states[index]);
    }
  });

  it('It stays fast on long sessions: on a 1-hour synthetic session a jump folds at most N actions and equals the full fold', () => {
    const hour = repeatSession(album, HOUR, 16);
    const last = hour.entries.at(-1);
    expect(last?.t).toBeGreaterThanOrEqual(HOUR);
    expect(hour.entries.length).toBeGreaterThan(7000);
    const N = 64;
    const timeline = createReplayTimeline(hour, widgetReducer, { snapshotEvery: N });
    const { states } = replayFold<WidgetState>(hour, widgetReducer);
    // Jumps across the hour, including the ends and steps just before a snapshot.
    const jumps = [hour.entries.length - 1, 0, 3 * N - 2, 5000, 62, 4000, 7 * N - 1, 7 * N, 1234, hour.entries.length - 2];
    for (const index of jumps) {
      const { state, folded } = timeline.stateAt(index);
      expect(folded).toBeLessThanOrEqual(N);
      expect(state).toEqual(states[index]);
    }
    // A step forward after a jump folds one action.
    timeline.stateAt(1234);
    expect(timeline.stateAt(1235).folded).toBe(1);
  });
});
