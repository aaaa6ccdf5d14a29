import { concat, defer, EMPTY, from, merge, of, timer, type Observable, type OperatorFunction } from 'rxjs';
import { catchError, defaultIfEmpty, ignoreElements, map, mergeMap, take } from 'rxjs/operators';
import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import type { HttpRequest, Ports } from '../ports';

/*
 * Issue 12, exactly-once logging: the outbox every log channel sends through (the widget's
 * impressions, action batches and error reports; the engine's logs and metrics). An event is
 * written to storage before it is sent and removed only when the provider acknowledges it, so a
 * failed send is retried (capped exponential backoff) and survives a page reload: the next page
 * sends what the last one left. The provider stores each event id once, so a retry that crosses
 * an acknowledgement that got lost is harmless.
 */

/** One event (or batch of events) as it goes on the wire: its id, where it goes and its JSON body. */
export interface OutboxItem {
  readonly id: string;
  readonly url: string;
  readonly body: string;
}

const OutboxItemCodec = t.type({ id: t.string, url: t.string, body: t.string });

/** What is kept under the outbox's key: the unacknowledged items, oldest first, and how many were dropped. */
const StoredOutbox = t.type({ v: t.literal(1), items: t.array(OutboxItemCodec), dropped: t.number });
interface StoredOutbox {
  readonly v: 1;
  readonly items: ReadonlyArray<OutboxItem>;
  readonly dropped: number;
}
const EMPTY_BOX: StoredOutbox = { v: 1, items: [], dropped: 0 };

/** The first retry waits 1 s, each next one twice as long, never more than 10 s (ours: a 20 s outage costs at most ~10 s more). */
export const OUTBOX_RETRY_BASE_MS = 1000;
export const OUTBOX_RETRY_MAX_MS = 10_000;
/** Each wait is drawn within ±20% (as spec 001 §9's generic backoff), so that many pages do not retry in step. */
export const OUTBOX_RETRY_JITTER = 0.2;
/**
 * What one key may hold (ours): 100 items and 256 000 characters, well inside the 5 MB a browser
 * gives an origin's localStorage that the engine's device id and the volume share. Beyond
 * either, the oldest items are dropped and counted.
 */
export const OUTBOX_MAX_ITEMS = 100;
export const OUTBOX_MAX_CHARS = 256_000;
/** fetch keepalive carries at most 64 KiB in flight; a larger body goes without it. */
const KEEPALIVE_MAX_CHARS = 60_000;

/** The wait before retry n (1, 2, …): min(10 s, 1 s × 2^(n−1)), ±20% by `draw` (0.5: none). */
export function outboxRetryDelayMs(retry: number, draw: number): number {
  const exponential = Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, retry - 1));
  return Math.round(exponential * (1 + OUTBOX_RETRY_JITTER * (2 * draw - 1)));
}

/**
 * A refusal that repeating cannot change (a 4xx but timeout, too early and too many requests): the
 * item is dropped rather than retried for ever. The provider answers a duplicate with success.
 */
export function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429;
}

export interface OutboxOptions {
  /** The storage key (one per channel, shared by every page of the origin). */
  readonly key: string;
  /** Whether an answer acknowledges the item: the widget's endpoints any 2xx, the engine's 202 (spec 001 §7). */
  readonly acknowledges: (status: number) => boolean;
  /** Whether every send is keepalive (the engine's logs: spec 001 §6 playback stats at stop). */
  readonly keepalive?: boolean;
  readonly maxItems?: number;
  readonly maxChars?: number;
}

/** A new item to send; `keepalive` for one sent as the page is hidden. */
export interface Posting {
  readonly item: OutboxItem;
  readonly keepalive?: boolean;
}

/** What became of the items, for the channel to turn into its own actions. */
export type OutboxEvent =
  /** Acknowledged after `attempts` sends. */
  | (Outcome & { readonly kind: 'sent'; readonly status: number })
  /** Refused for good (isPermanentRefusal): dropped. */
  | (Outcome & { readonly kind: 'refused'; readonly status: number })
  /** Send number `attempts` failed (status, or null for no answer); the next one follows in `delayMs`. */
  | (Outcome & { readonly kind: 'failed'; readonly status: number | null; readonly delayMs: number })
  /** The key was full: the `count` oldest items were dropped, `total` since it last emptied. */
  | { readonly kind: 'dropped'; readonly count: number; readonly total: number };

/**
 * What an item's outcome says about it. `restored`: the item was left by an earlier page (or
 * another frame), so its outcome is not this page's to report (a replay of this page, over empty
 * storage, could not regenerate it).
 */
interface Outcome {
  readonly id: string;
  readonly attempts: number;
  readonly restored: boolean;
}

export type OutboxDeps = Pick<Ports, 'scheduler' | 'random' | 'http' | 'storage'>;

const itemChars = (item: OutboxItem): number => item.id.length + item.url.length + item.body.length + 30;

function parse(raw: string | null): StoredOutbox {
  if (raw === null) return EMPTY_BOX;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return EMPTY_BOX;
  }
  const decoded = StoredOutbox.decode(json);
  return isRight(decoded) ? decoded.right : EMPTY_BOX;
}

/** Adds an item (replacing one of the same id), then drops the oldest until the key is within bounds. */
export function addToOutbox(box: StoredOutbox, item: OutboxItem, maxItems: number, maxChars: number): { readonly box: StoredOutbox; readonly dropped: number } {
  const items = [...box.items.filter((i) => i.id !== item.id), item];
  let chars = items.reduce((sum, i) => sum + itemChars(i), 0);
  let dropped = 0;
  while (items.length > 0 && (items.length > maxItems || chars > maxChars)) {
    const oldest = items.shift() as OutboxItem;
    chars -= itemChars(oldest);
    dropped += 1;
  }
  return { box: { v: 1, items, dropped: box.dropped + dropped }, dropped };
}

/**
 * The outbox as an operator: every posting is stored, then sent, and retried until acknowledged
 * or refused; on subscription the items an earlier page left under the key are sent first.
 * Storage is read and written through the storage port as one read-then-write per change (the
 * browser's localStorage answers at once, so frames of one page do not interleave); a storage
 * that fails (private mode, quota) leaves the items in memory only.
 */
export function outbox(deps: OutboxDeps, options: OutboxOptions): OperatorFunction<Posting, OutboxEvent> {
  const maxItems = options.maxItems ?? OUTBOX_MAX_ITEMS;
  const maxChars = options.maxChars ?? OUTBOX_MAX_CHARS;

  /** The stored box, or null when storage cannot be read. */
  const read = (): Observable<StoredOutbox | null> =>
    deps.storage.read(options.key).pipe(
      take(1),
      map(parse),
      defaultIfEmpty(null),
      catchError(() => of(null)),
    );
  /** Applies `change` to the stored box; emits the new box, or null when storage failed. */
  const update = (change: (box: StoredOutbox) => StoredOutbox): Observable<StoredOutbox | null> =>
    read().pipe(
      mergeMap((box) => {
        if (box === null) return of(null);
        const next = change(box);
        const write = next.items.length === 0 ? deps.storage.remove(options.key) : deps.storage.write(options.key, JSON.stringify(next));
        return write.pipe(
          take(1),
          defaultIfEmpty(undefined),
          map(() => next),
          catchError(() => of(null)),
        );
      }),
    );
  const removeItem = (id: string): Observable<never> => update((box) => ({ ...box, items: box.items.filter((i) => i.id !== id) })).pipe(ignoreElements());

  const request = (item: OutboxItem, keepalive: boolean): HttpRequest => ({
    method: 'POST',
    url: item.url,
    headers: { 'content-type': 'application/json' },
    body: item.body,
    ...(keepalive && item.body.length <= KEEPALIVE_MAX_CHARS ? { keepalive: true } : {}),
  });

  /**
   * Sends `item` (attempt `attempts + 1`). A persisted item is retried only while the key still
   * holds it: another frame may have had it acknowledged, or it was dropped for room.
   */
  const deliver = (item: OutboxItem, keepalive: boolean, persisted: boolean, restored: boolean, attempts = 0): Observable<OutboxEvent> =>
    deps.http.request(request(item, keepalive)).pipe(
      take(1),
      map((response): number | null => response.status),
      defaultIfEmpty(null),
      catchError(() => of(null)),
      mergeMap((status): Observable<OutboxEvent> => {
        const sent = attempts + 1;
        const outcome = { id: item.id, attempts: sent, restored };
        if (status !== null && options.acknowledges(status)) return concat(removeItem(item.id), of<OutboxEvent>({ ...outcome, kind: 'sent', status }));
        if (status !== null && isPermanentRefusal(status)) return concat(removeItem(item.id), of<OutboxEvent>({ ...outcome, kind: 'refused', status }));
        const delayMs = outboxRetryDelayMs(sent, deps.random.next());
        const retry$ = timer(delayMs, deps.scheduler).pipe(
          mergeMap(() => (persisted ? read() : of(null))),
          mergeMap((box) =>
            box !== null && !box.items.some((i) => i.id === item.id) ? EMPTY : deliver(item, options.keepalive ?? false, persisted, restored, sent),
          ),
        );
        return concat(of<OutboxEvent>({ ...outcome, kind: 'failed', status, delayMs }), retry$);
      }),
    );

  return (postings$) =>
    defer(() => {
      const restored$ = read().pipe(
        mergeMap((box) => from(box?.items ?? [])),
        mergeMap((item) => deliver(item, options.keepalive ?? false, true, true)),
      );
      const fresh$ = postings$.pipe(
        mergeMap(({ item, keepalive }) => {
          let dropped = 0;
          let total = 0;
          return update((box) => {
            const added = addToOutbox(box, item, maxItems, maxChars);
            dropped = added.dropped;
            total = added.box.dropped;
            return added.box;
          }).pipe(
            mergeMap((box) => {
              const marker: Observable<OutboxEvent> = dropped > 0 ? of({ kind: 'dropped', count: dropped, total }) : EMPTY;
              // An item too big for the key on its own was dropped with the rest: it is not sent either.
              const kept = box === null || box.items.some((i) => i.id === item.id);
              return concat(marker, kept ? deliver(item, keepalive ?? options.keepalive ?? false, box !== null, false) : EMPTY);
            }),
          );
        }),
      );
      return merge(restored$, fresh$);
    });
}
