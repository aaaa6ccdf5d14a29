import { firstValueFrom } from 'rxjs';
import type { MediaSourceWindow } from './media-source';
import { createBrowserVideoSource } from './video-source';

// Issue 18: the video element's MediaSource with a video and an audio source buffer (core/ports.ts VideoSourcePort), against fakes.

const ranges = (pairs: Array<[number, number]>): TimeRanges => ({ length: pairs.length, start: (i: number) => pairs[i]![0], end: (i: number) => pairs[i]![1] });

class FakeSourceBuffer extends EventTarget {
  updating = false;
  buffered = ranges([]);
  readonly appended: number[] = [];
  constructor(readonly type: string) {
    super();
  }
  appendBuffer(data: ArrayBuffer): void {
    this.appended.push(data.byteLength);
    this.buffered = ranges([[0, 4 * this.appended.length]]);
    queueMicrotask(() => this.dispatchEvent(new Event('updateend')));
  }
}

function setup(fetch?: MediaSourceWindow['fetch']) {
  const element = { src: '', currentTime: 1 };
  const buffers: FakeSourceBuffer[] = [];
  const urls: string[] = [];
  class FakeMediaSource extends EventTarget {
    readyState = 'open';
    duration = NaN;
    ended = false;
    addSourceBuffer(type: string): FakeSourceBuffer {
      const buffer = new FakeSourceBuffer(type);
      buffers.push(buffer);
      return buffer;
    }
    endOfStream(): void {
      this.ended = true;
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
    URL: { createObjectURL: () => 'blob:video', revokeObjectURL: () => undefined },
    navigator: { onLine: false },
    fetch:
      fetch ??
      ((url) => {
        urls.push(url);
        return Promise.resolve({ ok: true, status: 200, arrayBuffer: () => Promise.resolve(new ArrayBuffer(url.endsWith('init') ? 10 : 1000)) } as Response);
      }),
  };
  const port = createBrowserVideoSource(win, element);
  const open = async () => {
    const attached = new Promise<void>((resolve) =>
      port.attach({ video: 'video/mp4; codecs="avc1.4d401f"', audio: 'audio/mp4; codecs="mp4a.40.2"' }, 22000).subscribe(() => resolve()),
    );
    sources[0]!.dispatchEvent(new Event('sourceopen'));
    await attached;
  };
  return { port, element, buffers, sources, urls, open };
}

describe('browser video source (core/ports.ts VideoSourcePort; spec 001 §2 video container, §7 templated segments)', () => {
  it('attach opens one MediaSource with a video and an audio source buffer and the duration set', async () => {
    const { element, buffers, sources, open } = setup();
    await open();
    expect(element.src).toBe('blob:video');
    expect(buffers.map((b) => b.type)).toEqual(['video/mp4; codecs="avc1.4d401f"', 'audio/mp4; codecs="mp4a.40.2"']);
    expect(sources[0]!.duration).toBe(22);
  });

  it('a fetched segment is appended to the buffer named, which answers its own buffered end', async () => {
    const { port, buffers, urls, open } = setup();
    await open();
    expect(await firstValueFrom(port.fetchSegment('video.1.0', 'http://cdn/1/0'))).toEqual({ kind: 'response', status: 200, byteLength: 1000 });
    expect(await firstValueFrom(port.append('video', 'video.1.0'))).toBe(4000);
    expect([buffers[0]!.appended, buffers[1]!.appended]).toEqual([[1000], []]);
    expect(urls).toEqual(['http://cdn/1/0']);
    await expect(firstValueFrom(port.append('audio', 'video.1.0'))).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('a failed status is told and nothing is kept; no response at all is a connection error with the online guess', async () => {
    const failing = setup(() => Promise.resolve({ ok: false, status: 503, arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) } as Response));
    await failing.open();
    expect(await firstValueFrom(failing.port.fetchSegment('k', 'http://cdn/1/0'))).toEqual({ kind: 'response', status: 503, byteLength: 0 });
    await expect(firstValueFrom(failing.port.append('video', 'k'))).rejects.toMatchObject({ name: 'NotFoundError' });
    const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await firstValueFrom(offline.port.fetchSegment('k', 'http://cdn/1/0'))).toEqual({ kind: 'connection-error', online: false });
  });

  it('endOfStream ends the open source', async () => {
    const { port, sources, open } = setup();
    await open();
    await firstValueFrom(port.endOfStream());
    expect(sources[0]!.ended).toBe(true);
  });
});
