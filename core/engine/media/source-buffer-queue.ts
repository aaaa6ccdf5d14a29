/**
 * spec 001 §4 Source buffer, as a pure model (after Shaka Player's MediaSourceEngine operation
 * queue): updates are queued while the buffer is updating or the media source is not open; updates
 * older than the last clear, or with a stale play id, are dropped. Every event returns the next
 * state, the operation to start now (at most one: a SourceBuffer runs one update at a time) and
 * what was dropped, so a reducer can hold it and an epic can perform `start`.
 */
export type BufferOperation<A> =
  /** `offsetMs`: the timestampOffset (absent: 0), where the file's time 0 lies on the element's time line (core/ports.ts append). */
  | { readonly kind: 'append'; readonly data: A; readonly offsetMs?: number }
  | { readonly kind: 'remove'; readonly startMs: number; readonly endMs: number }
  | { readonly kind: 'end-of-stream' }
  /** MediaSource.duration, which may not change while the buffer updates (MSE: InvalidStateError). */
  | { readonly kind: 'duration'; readonly durationMs: number };

export interface BufferUpdate<A> {
  readonly operation: BufferOperation<A>;
  /** The play id current when the step that made it began (spec 001 §4 Media player). */
  readonly playId: number;
  /** The clear count when the step began: a clear since then makes it stale. */
  readonly clears: number;
}

/** The operation that empties the buffer, started by clear(). */
export type ClearOperation = { readonly kind: 'clear' };

export interface SourceBufferQueue<A> {
  readonly pending: readonly BufferUpdate<A>[];
  readonly updating: boolean;
  readonly open: boolean;
  readonly playId: number;
  /** How many clears were asked for; updates stamped with fewer are older than the last clear. */
  readonly clears: number;
  /** A clear waits for the running update to end, then goes before anything queued. */
  readonly clearWaiting: boolean;
}

export interface QueueTransition<A> {
  readonly state: SourceBufferQueue<A>;
  readonly start?: BufferOperation<A> | ClearOperation;
  readonly dropped: readonly BufferUpdate<A>[];
}

export function emptyQueue<A>(playId: number): SourceBufferQueue<A> {
  return { pending: [], updating: false, open: false, playId, clears: 0, clearWaiting: false };
}

function isCurrent<A>(state: SourceBufferQueue<A>, update: BufferUpdate<A>): boolean {
  return update.playId === state.playId && update.clears >= state.clears;
}

/** Drops what went stale, then starts the next operation when the buffer is free. */
function pump<A>(state: SourceBufferQueue<A>, droppedBefore: readonly BufferUpdate<A>[] = []): QueueTransition<A> {
  const kept = state.pending.filter((update) => isCurrent(state, update));
  const dropped = [...droppedBefore, ...state.pending.filter((update) => !isCurrent(state, update))];
  const current = { ...state, pending: kept };
  if (!current.open || current.updating) return { state: current, dropped };
  if (current.clearWaiting) {
    return { state: { ...current, updating: true, clearWaiting: false }, start: { kind: 'clear' }, dropped };
  }
  const [next, ...rest] = kept;
  if (next === undefined) return { state: current, dropped };
  return { state: { ...current, pending: rest, updating: true }, start: next.operation, dropped };
}

/** A step asks for an update (an append of a fetched fragment, a remove, the end of stream). */
export function enqueue<A>(state: SourceBufferQueue<A>, update: BufferUpdate<A>): QueueTransition<A> {
  return pump({ ...state, pending: [...state.pending, update] });
}

/** The buffer's update ended (updateend, or an error ending it): the next one may start. */
export function updateEnded<A>(state: SourceBufferQueue<A>): QueueTransition<A> {
  return pump({ ...state, updating: false });
}

/** The media source opened (sourceopen). */
export function sourceOpened<A>(state: SourceBufferQueue<A>): QueueTransition<A> {
  return pump({ ...state, open: true });
}

/** The media source closed or ended: updates wait until it opens again. */
export function sourceClosed<A>(state: SourceBufferQueue<A>): QueueTransition<A> {
  return pump({ ...state, open: false });
}

/** Empties the buffer (a seek outside it): everything asked for before now is dropped. */
export function clear<A>(state: SourceBufferQueue<A>): QueueTransition<A> {
  return pump({ ...state, clears: state.clears + 1, clearWaiting: true });
}

/** A new load (spec 001 §4: each load increments the play id): the old load's updates are dropped. */
export function newPlay<A>(state: SourceBufferQueue<A>, playId: number): QueueTransition<A> {
  return pump({ ...state, playId });
}
