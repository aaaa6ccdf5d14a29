import {
  clear,
  emptyQueue,
  enqueue,
  newPlay,
  sourceClosed,
  sourceOpened,
  updateEnded,
  type BufferUpdate,
  type QueueTransition,
  type SourceBufferQueue,
} from './source-buffer-queue';

type Q = SourceBufferQueue<string>;
type Event = (state: Q) => QueueTransition<string>;

const open: Event = sourceOpened;
const close: Event = sourceClosed;
const ended: Event = updateEnded;
const wipe: Event = clear;
const play =
  (playId: number): Event =>
  (state) =>
    newPlay(state, playId);
/** An append of `data`, stamped with the play id and clear count of when its step began. */
const append =
  (data: string, stamp: Partial<Pick<BufferUpdate<string>, 'playId' | 'clears'>> = {}): Event =>
  (state) =>
    enqueue(state, { operation: { kind: 'append', data }, playId: stamp.playId ?? state.playId, clears: stamp.clears ?? state.clears });

/** Runs events from an empty queue of play 1; lists what started and what was dropped. */
function run(events: readonly Event[]): { started: string[]; dropped: string[] } {
  const started: string[] = [];
  const dropped: string[] = [];
  events.reduce<Q>((state, event) => {
    const next = event(state);
    if (next.start !== undefined) started.push(next.start.kind === 'append' ? next.start.data : next.start.kind);
    next.dropped.forEach((u) => dropped.push(u.operation.kind === 'append' ? u.operation.data : u.operation.kind));
    return next.state;
  }, emptyQueue<string>(1));
  return { started, dropped };
}

describe('source-buffer queue (spec 001 §4 Source buffer)', () => {
  it.each<[string, readonly Event[], string[], string[]]>([
    ['an update on an open, idle buffer starts at once', [open, append('a')], ['a'], []],
    ['queued while the media source is not open; starts when it opens', [append('a'), append('b'), open], ['a'], []],
    ['queued while the buffer is updating; the next starts on updateend', [open, append('a'), append('b'), ended], ['a', 'b'], []],
    ['one update at a time, in order', [open, append('a'), append('b'), append('c'), ended, ended], ['a', 'b', 'c'], []],
    ['queued again once the media source closes', [open, append('a'), close, ended, append('b')], ['a'], []],
    ['nothing starts when idle with an empty queue', [open, ended], [], []],
  ])('%s', (_rule, events, started, dropped) => {
    expect(run(events)).toEqual({ started, dropped });
  });

  it.each<[string, readonly Event[], string[], string[]]>([
    ['a clear drops the queued updates and runs once the running update ends', [open, append('a'), append('b'), wipe, ended], ['a', 'clear'], ['b']],
    [
      'an update begun before the last clear but arriving after it is dropped',
      [open, wipe, ended, append('late', { clears: 0 }), append('fresh')],
      ['clear', 'fresh'],
      ['late'],
    ],
    ['a clear goes before updates queued behind it', [open, append('a'), wipe, append('b'), ended, ended], ['a', 'clear', 'b'], []],
    ['a new load drops the old play id updates still queued', [open, append('a'), append('b'), play(2), ended], ['a'], ['b']],
    ['an update with a stale play id arriving after the load is dropped', [open, play(2), append('old', { playId: 1 }), append('new')], ['new'], ['old']],
    ['stale updates waiting for the media source to open are dropped, current ones kept', [append('old'), play(2), append('new'), open], ['new'], ['old']],
  ])('%s', (_rule, events, started, dropped) => {
    expect(run(events)).toEqual({ started, dropped });
  });
});
