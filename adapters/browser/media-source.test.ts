import { firstValueFrom, toArray, take } from 'rxjs';
import { bufferedEndMs, createBrowserMediaSource, type MediaSourceElement, type MediaSourceWindow } from './media-source';

/** TimeRanges over [start, end] pairs in seconds. */
const ranges = (pairs: Array<[number, number]>): TimeRanges => ({
  length: pairs.length,
  start: (i: number) => pairs[i]![0],
  end: (i: number) => pairs[i]![1],
});

/** The part of a fetch Response the adapter reads (jsdom has no Response). */
const response = (status: number, size: number): Response =>
  ({ ok: status >= 200 && status < 300, status, arrayBuffer: () => Promise.resolve(new ArrayBuffer(size)) }) as Response;

class FakeSourceBuffer extends EventTarget {
  updating = false;
  timestampOffset = 0;
  readonly appended: number[] = [];
  /** The timestampOffset each append was made at (s). */
  readonly offsets: number[] = [];
  readonly removed: Array<[number, number]> = [];
  constructor(private readonly quotaAfter = Infinity) {
    super();
  }
  appendBuffer(data: ArrayBuffer): void {
    if (this.appended.length >= this.quotaAfter) throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    this.appended.push(data.byteLength);
    this.offsets.push(this.timestampOffset);
    queueMicrotask(() => this.dispatchEvent(new Event('updateend')));
  }
  remove(start: number, end: number): void {
    this.removed.push([start, end]);
    queueMicrotask(() => this.dispatchEvent(new Event('updateend')));
  }
}

class FakeElement extends EventTarget {
  src = '';
  currentTime = 8;
  duration = 25;
  buffered = ranges([[0, 10]]);
  error: MediaError | null = null;
  play = () => Promise.resolve();
  pause = () => undefined;
}

function setup(options: { fetch?: MediaSourceWindow['fetch']; unsupported?: boolean; quotaAfter?: number } = {}) {
  const element = new FakeElement();
  const buffers: FakeSourceBuffer[] = [];
  const requests: Array<{ url: string; range: string }> = [];
  class FakeMediaSource extends EventTarget {
    readyState = 'open';
    duration = NaN;
    addSourceBuffer(type: string): FakeSourceBuffer {
      if (options.unsupported === true) throw Object.assign(new Error(type), { name: 'NotSupportedError' });
      const buffer = new FakeSourceBuffer(options.quotaAfter);
      buffers.push(buffer);
      return buffer;
    }
    endOfStream(): void {
      this.readyState = 'ended';
    }
  }
  const sources: FakeMediaSource[] = [];
  const win: MediaSourceWindow = {
    MediaSource: class extends FakeMediaSource {
      constructor() {
        super();
        sources.push(this);
      }
    } as unknown as typeof MediaSource,
    URL: { createObjectURL: () => 'blob:source', revokeObjectURL: () => undefined },
    navigator: { onLine: true },
    fetch:
      options.fetch ??
      ((url, init) => {
        const range = (init.headers as Record<string, string>).range ?? '';
        requests.push({ url, range });
        const [first, last] = range.replace('bytes=', '').split('-').map(Number) as [number, number];
        return Promise.resolve(response(206, last - first + 1));
      }),
  };
  const port = createBrowserMediaSource(win, element as unknown as MediaSourceElement);
  /** Attaches and stays attached (unsubscribing detaches). */
  const open = async () => {
    const attached = new Promise<void>((resolve) => port.attach('audio/mp4; codecs="mp4a.40.2"').subscribe(() => resolve()));
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    await attached;
  };
  return { port, element, buffers, requests, sources, open };
}

describe('browser MediaSource adapter (core/ports.ts MediaSourcePort)', () => {
  it('attach points the element at a MediaSource and adds the source buffer once it opens', async () => {
    const { element, buffers, open } = setup();
    await open();
    expect(element.src).toBe('blob:source');
    expect(buffers).toHaveLength(1);
  });

  it("isTypeSupported asks the browser's MediaSource, and is false where there is none (spec 001 §8: no track player)", () => {
    const isTypeSupported = jest.fn((type: string) => type.startsWith('audio/mp4'));
    const element = { addEventListener: () => undefined } as unknown as MediaSourceElement;
    const base = {
      URL: { createObjectURL: () => '', revokeObjectURL: () => undefined },
      navigator: { onLine: true },
      fetch: () => Promise.reject(new Error('no')),
    };
    const port = createBrowserMediaSource({ ...base, MediaSource: { isTypeSupported } as unknown as typeof MediaSource }, element);
    expect([port.isTypeSupported('audio/mp4; codecs="mp4a.40.2"'), port.isTypeSupported('audio/webm')]).toEqual([true, false]);
    const without = createBrowserMediaSource({ ...base, MediaSource: undefined as unknown as typeof MediaSource }, element);
    expect(without.isTypeSupported('audio/mp4; codecs="mp4a.40.2"')).toBe(false);
  });

  it('an unsupported type errors attach with NotSupportedError', async () => {
    const { port, sources } = setup({ unsupported: true });
    const attached = firstValueFrom(port.attach('audio/x'));
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    await expect(attached).rejects.toMatchObject({ name: 'NotSupportedError' });
  });

  it('fetchRange asks for the byte range, reports status and size only, and append hands those bytes to the source buffer', async () => {
    const { port, buffers, requests, open } = setup();
    await open();
    expect(await firstValueFrom(port.fetchRange('k', 'http://cdn/f', { first: 100, last: 199 }))).toEqual({ kind: 'response', status: 206, byteLength: 100 });
    expect(requests).toEqual([{ url: 'http://cdn/f', range: 'bytes=100-199' }]);
    // The buffered end of the range holding the playhead (8 s in [0, 10 s]).
    expect(await firstValueFrom(port.append('k'))).toBe(10000);
    expect(buffers[0]!.appended).toEqual([100]);
    // Appended bodies are freed.
    await expect(firstValueFrom(port.append('k'))).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it("a failed fetch is a connection error with the browser's online flag; a 403 keeps no body", async () => {
    const failing = setup({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await firstValueFrom(failing.port.fetchRange('k', 'u', { first: 0, last: 9 }))).toEqual({ kind: 'connection-error', online: true });
    const forbidden = setup({ fetch: () => Promise.resolve(response(403, 2)) });
    await forbidden.open();
    expect(await firstValueFrom(forbidden.port.fetchRange('k', 'u', { first: 0, last: 9 }))).toEqual({ kind: 'response', status: 403, byteLength: 2 });
    await expect(firstValueFrom(forbidden.port.append('k'))).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it("a detach frees the current track's bodies but keeps the next track's, fetched ahead (spec 001 §4 can-preload, PRELOAD_KEY_PREFIX)", async () => {
    const { port, buffers, sources } = setup();
    const first = port.attach('audio/mp4').subscribe();
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    await firstValueFrom(port.fetchRange('1.0.3', 'http://cdn/f1', { first: 100, last: 199 }));
    await firstValueFrom(port.fetchRange('next.f2.init', 'http://cdn/f2', { first: 0, last: 49 }));
    first.unsubscribe();
    const attached = new Promise<void>((resolve) => port.attach('audio/mp4').subscribe(() => resolve()));
    sources[1]!.dispatchEvent(new Event('sourceopen'));
    await attached;
    await firstValueFrom(port.append('next.f2.init'));
    expect(buffers[1]!.appended).toEqual([50]);
    await expect(firstValueFrom(port.append('1.0.3'))).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('issue 15 gapless: an append at an offset goes into the same source buffer at that timestampOffset (the next track behind the current one); a plain append is at 0', async () => {
    const { port, buffers, sources, open } = setup();
    await open();
    await firstValueFrom(port.fetchRange('1.0.2', 'http://cdn/f1', { first: 100, last: 199 }));
    await firstValueFrom(port.fetchRange('next.f2.init', 'http://cdn/f2', { first: 0, last: 49 }));
    await firstValueFrom(port.fetchRange('next.f2.0', 'http://cdn/f2', { first: 50, last: 349 }));
    await firstValueFrom(port.append('1.0.2'));
    await firstValueFrom(port.append('next.f2.init', 25_000));
    await firstValueFrom(port.append('next.f2.0', 25_000));
    expect(buffers).toHaveLength(1);
    expect(sources).toHaveLength(1);
    expect(buffers[0]!.appended).toEqual([100, 50, 300]);
    expect(buffers[0]!.offsets).toEqual([0, 25, 25]);
    await firstValueFrom(port.fetchRange('1.1.-1', 'http://cdn/f1', { first: 0, last: 9 }));
    await firstValueFrom(port.append('1.1.-1'));
    expect(buffers[0]!.offsets).toEqual([0, 25, 25, 0]);
  });

  it('a full buffer errors the append with QuotaExceededError (spec 001 §8 Media)', async () => {
    const { port, open } = setup({ quotaAfter: 0 });
    await open();
    await firstValueFrom(port.fetchRange('k', 'u', { first: 0, last: 9 }));
    await expect(firstValueFrom(port.append('k'))).rejects.toMatchObject({ name: 'QuotaExceededError' });
  });

  it('remove takes ms, and an empty range is no update', async () => {
    const { port, buffers, open } = setup();
    await open();
    await firstValueFrom(port.remove(0, Infinity));
    await firstValueFrom(port.remove(0, 0));
    expect(buffers[0]!.removed).toEqual([[0, Infinity]]);
  });

  it('setDuration sets the MediaSource duration in seconds (issue 13: a seek past the buffer is not clamped to it)', async () => {
    const { port, sources, open } = setup();
    await open();
    await firstValueFrom(port.setDuration(52640));
    expect(sources[0]!.duration).toBe(52.64);
    // Once the stream has ended (or the source closed) it is no longer the source's to change.
    sources[0]!.readyState = 'ended';
    await firstValueFrom(port.setDuration(1000));
    expect(sources[0]!.duration).toBe(52.64);
  });

  it('facts carry the position, the duration, the buffered end and the MediaError code', async () => {
    const { port, element } = setup();
    const facts = firstValueFrom(port.facts$.pipe(take(2), toArray()));
    element.dispatchEvent(new Event('timeupdate'));
    element.error = { code: 3 } as MediaError;
    element.dispatchEvent(new Event('error'));
    expect(await facts).toEqual([
      { kind: 'timeupdate', positionMs: 8000, durationMs: 25000, bufferedEndMs: 10000 },
      { kind: 'error', positionMs: 8000, durationMs: 25000, bufferedEndMs: 10000, errorCode: 3 },
    ]);
  });
});

describe('bufferedEndMs', () => {
  it.each([
    [8, [[0, 10]], 10000],
    [
      15,
      [
        [0, 10],
        [14.99, 20],
      ],
      20000,
    ],
    [
      12,
      [
        [0, 10],
        [14, 20],
      ],
      12000,
    ],
    [0, [], 0],
  ] as Array<[number, Array<[number, number]>, number]>)('at %s s in %j: %i ms', (currentTime, pairs, expected) => {
    expect(bufferedEndMs({ currentTime, buffered: ranges(pairs) })).toBe(expected);
  });
});
