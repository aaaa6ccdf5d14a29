import { ReplaySubject, takeUntil, timer, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeStorage, type HttpResponder } from '../../adapters/fake';
import type { HttpRequest, HttpResponse } from '../ports';
import { addToOutbox, isPermanentRefusal, outbox, outboxRetryDelayMs, type OutboxEvent, type OutboxItem, type OutboxOptions, type Posting } from './outbox';

const KEY = 'test.outbox';
const item = (id: string, body = '{}'): OutboxItem => ({ id, url: 'http://p.test/log', body });
const answers =
  (...codes: Array<number | Error>): HttpResponder =>
  (): HttpResponse | Error => {
    const next = codes.length > 1 ? codes.shift() : codes[0];
    return next instanceof Error ? next : { status: next ?? 204, headers: {}, body: '' };
  };
const stored = (entries: Map<string, string>): { items: OutboxItem[]; dropped: number } | null => {
  const raw = entries.get(KEY);
  return raw === undefined ? null : (JSON.parse(raw) as { items: OutboxItem[]; dropped: number });
};

interface Setup {
  readonly http: HttpResponder;
  /** Postings at their virtual times. */
  readonly postings?: ReadonlyArray<readonly [number, Posting]>;
  readonly seed?: Map<string, string>;
  readonly options?: Partial<OutboxOptions>;
  /** When the test stops listening (a page that goes away): retries would otherwise go on for ever. */
  readonly until?: number;
  readonly onRequest?: (at: number, request: HttpRequest, entries: Map<string, string>) => void;
}

/** The outbox alone on virtual time, random draws of 0.5 (no jitter). */
function run(setup: Setup, expected: string, values: Record<string, OutboxEvent>): { requests: Array<[number, HttpRequest]>; entries: Map<string, string> } {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const entries = setup.seed ?? new Map<string, string>();
  const requests: Array<[number, HttpRequest]> = [];
  scheduler.run(({ expectObservable }) => {
    const calls: HttpRequest[] = [];
    const http = createFakeHttp(scheduler, calls, (request) => {
      requests.push([scheduler.now(), request]);
      setup.onRequest?.(scheduler.now(), request, entries);
      return setup.http(request);
    });
    // Replayed: a posting at 0 comes before the marble subscription at 0.
    const postings$ = new ReplaySubject<Posting>();
    for (const [at, posting] of setup.postings ?? []) scheduler.schedule(() => postings$.next(posting), at);
    const deps = { scheduler, random: { next: () => 0.5 }, http, storage: createFakeStorage(entries) };
    const out$: Observable<OutboxEvent> = postings$.pipe(
      outbox(deps, { key: KEY, acknowledges: (s) => s >= 200 && s < 300, ...setup.options }),
      takeUntil(timer(setup.until ?? 100_000, scheduler)),
    );
    expectObservable(out$).toBe(expected, values);
  });
  return { requests, entries };
}

describe('outbox (issue 12: kept until acknowledged, retried with capped exponential backoff)', () => {
  it('stores the item before it is sent and removes it once acknowledged', () => {
    const { requests, entries } = run(
      {
        http: answers(204),
        postings: [[5, { item: item('a1') }]],
        until: 10,
        onRequest: (_at, _request, e) => expect(stored(e)?.items.map((i) => i.id)).toEqual(['a1']),
      },
      '5ms a 4ms |',
      { a: { kind: 'sent', id: 'a1', status: 204, attempts: 1, restored: false } },
    );
    expect(requests.map(([at, r]) => [at, r.method, r.url, r.body, r.keepalive])).toEqual([[5, 'POST', 'http://p.test/log', '{}', undefined]]);
    expect(entries.has(KEY)).toBe(false);
  });

  it('retries 1 s, 2 s, 4 s, 8 s, then every 10 s (the cap) after failures and no answers, sending the same body, until acknowledged', () => {
    const down = new Error('connection refused');
    const { requests, entries } = run(
      { http: answers(503, down, 500, 503, 502, 503, 204), postings: [[0, { item: item('a1', '{"event_id":"a1"}') }]], until: 40_000 },
      'a 999ms b 1999ms c 3999ms d 7999ms e 9999ms f 9999ms g 4999ms |',
      {
        a: { kind: 'failed', id: 'a1', status: 503, attempts: 1, delayMs: 1000, restored: false },
        b: { kind: 'failed', id: 'a1', status: null, attempts: 2, delayMs: 2000, restored: false },
        c: { kind: 'failed', id: 'a1', status: 500, attempts: 3, delayMs: 4000, restored: false },
        d: { kind: 'failed', id: 'a1', status: 503, attempts: 4, delayMs: 8000, restored: false },
        e: { kind: 'failed', id: 'a1', status: 502, attempts: 5, delayMs: 10_000, restored: false },
        f: { kind: 'failed', id: 'a1', status: 503, attempts: 6, delayMs: 10_000, restored: false },
        g: { kind: 'sent', id: 'a1', status: 204, attempts: 7, restored: false },
      },
    );
    expect(requests.map(([at]) => at)).toEqual([0, 1000, 3000, 7000, 15_000, 25_000, 35_000]);
    expect(new Set(requests.map(([, r]) => r.body))).toEqual(new Set(['{"event_id":"a1"}']));
    expect(entries.has(KEY)).toBe(false);
  });

  it('a refusal that repeating cannot change (400, 413) drops the item at once; 408 and 429 are retried', () => {
    expect([400, 413, 404, 408, 429, 500].map(isPermanentRefusal)).toEqual([true, true, true, false, false, false]);
    const { requests, entries } = run({ http: answers(413), postings: [[0, { item: item('big') }]], until: 30_000 }, 'a 29999ms |', {
      a: { kind: 'refused', id: 'big', status: 413, attempts: 1, restored: false },
    });
    expect(requests).toHaveLength(1);
    expect(entries.has(KEY)).toBe(false);
  });

  it('survives a page reload: what an earlier page left under the key is sent on subscription, and reported as restored', () => {
    const seed = new Map([[KEY, JSON.stringify({ v: 1, items: [item('old1', '{"n":1}'), item('old2', '{"n":2}')], dropped: 0 })]]);
    const { requests, entries } = run({ http: answers(204), seed, until: 10 }, '(ab) 6ms |', {
      a: { kind: 'sent', id: 'old1', status: 204, attempts: 1, restored: true },
      b: { kind: 'sent', id: 'old2', status: 204, attempts: 1, restored: true },
    });
    expect(requests.map(([at, r]) => [at, r.body])).toEqual([
      [0, '{"n":1}'],
      [0, '{"n":2}'],
    ]);
    expect(entries.has(KEY)).toBe(false);
  });

  it('stops retrying an item another frame had acknowledged (no longer under the key)', () => {
    const { requests } = run(
      {
        http: answers(503),
        postings: [[0, { item: item('a1') }]],
        until: 20_000,
        // Another embed of the origin restored it, had it stored and removed it, during our first wait.
        onRequest: (at, _request, e) => {
          if (at === 0) e.delete(KEY);
        },
      },
      'a 19999ms |',
      { a: { kind: 'failed', id: 'a1', status: 503, attempts: 1, delayMs: 1000, restored: false } },
    );
    expect(requests).toHaveLength(1);
  });

  it('keeps at most maxItems: the oldest are dropped and counted (the marker), the newest kept', () => {
    const { entries } = run(
      {
        http: answers(503),
        postings: [1, 2, 10, 20].map((n, i) => [n, { item: item(`e${i + 1}`) }] as const),
        options: { maxItems: 2 },
        until: 500,
      },
      '-a b 7ms (cd) 6ms (ef) 476ms |',
      {
        a: { kind: 'failed', id: 'e1', status: 503, attempts: 1, delayMs: 1000, restored: false },
        b: { kind: 'failed', id: 'e2', status: 503, attempts: 1, delayMs: 1000, restored: false },
        c: { kind: 'dropped', count: 1, total: 1 },
        d: { kind: 'failed', id: 'e3', status: 503, attempts: 1, delayMs: 1000, restored: false },
        e: { kind: 'dropped', count: 1, total: 2 },
        f: { kind: 'failed', id: 'e4', status: 503, attempts: 1, delayMs: 1000, restored: false },
      },
    );
    expect(stored(entries)).toEqual({ v: 1, items: [item('e3'), item('e4')], dropped: 2 });
  });

  it('bounds the characters kept too; an item too big on its own is dropped, not sent', () => {
    expect(addToOutbox({ v: 1, items: [item('a'), item('b')], dropped: 0 }, item('c'), 100, 2 * (1 + 17 + 2 + 30))).toEqual({
      box: { v: 1, items: [item('b'), item('c')], dropped: 1 },
      dropped: 1,
    });
    const { requests } = run(
      { http: answers(204), postings: [[0, { item: item('huge', 'x'.repeat(500)) }]], options: { maxChars: 200 }, until: 10 },
      'a 9ms |',
      {
        a: { kind: 'dropped', count: 1, total: 1 },
      },
    );
    expect(requests).toHaveLength(0);
  });

  it('keepalive only when asked and only for a body fetch keepalive can carry (64 KiB)', () => {
    const { requests } = run(
      {
        http: answers(204),
        postings: [
          [0, { item: item('k1'), keepalive: true }],
          [1, { item: item('k2', 'x'.repeat(70_000)), keepalive: true }],
          [2, { item: item('k3') }],
        ],
        until: 10,
      },
      'abc 7ms |',
      {
        a: { kind: 'sent', id: 'k1', status: 204, attempts: 1, restored: false },
        b: { kind: 'sent', id: 'k2', status: 204, attempts: 1, restored: false },
        c: { kind: 'sent', id: 'k3', status: 204, attempts: 1, restored: false },
      },
    );
    expect(requests.map(([, r]) => r.keepalive)).toEqual([true, undefined, undefined]);
  });

  it('outboxRetryDelayMs: doubling from 1 s, capped at 10 s, ±20% by the draw', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => outboxRetryDelayMs(n, 0.5))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(outboxRetryDelayMs(1, 0)).toBe(800);
    expect(outboxRetryDelayMs(5, 0.999999)).toBe(12_000);
  });
});
