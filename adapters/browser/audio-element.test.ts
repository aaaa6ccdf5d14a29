import { lastValueFrom, type Subscription } from 'rxjs';
import type { AudioFact } from '../../core/ports';
import { createAudioElement, type AudioElementLike } from './audio-element';

/** A hand fake of an HTMLAudioElement: an EventTarget with the fields and methods the adapter touches. */
class FakeAudioElement extends EventTarget {
  src = '';
  preload = '';
  currentTime = 0;
  volume = 1;
  duration = Number.NaN;
  error: { code: number } | null = null;
  /** Attributes as the page's markup set them. */
  attributes: Record<string, string> = {};
  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  playCalls = 0;
  pauseCalls = 0;
  playAnswer: () => Promise<void> = () => Promise.resolve();
  play(): Promise<void> {
    this.playCalls += 1;
    return this.playAnswer();
  }
  pause(): void {
    this.pauseCalls += 1;
  }
}

const setup = () => {
  const element = new FakeAudioElement();
  return { element, port: createAudioElement(element as unknown as AudioElementLike) };
};

describe('createAudioElement (AudioElementPort over one <audio>)', () => {
  it('setVolume sets the element volume (0..1), on subscription only', () => {
    const { element, port } = setup();
    const set$ = port.setVolume(0.25);
    expect(element.volume).toBe(1);
    set$.subscribe();
    expect(element.volume).toBe(0.25);
  });

  it('setVolume errors when the element throws (a volume out of range)', () => {
    const { element, port } = setup();
    Object.defineProperty(element, 'volume', {
      set: () => {
        throw new RangeError('The volume provided (2) is outside the range [0, 1].');
      },
    });
    let error: unknown;
    port.setVolume(2).subscribe({ error: (err: unknown) => (error = err) });
    expect(error).toBeInstanceOf(RangeError);
  });

  it('load sets preload=auto and the source, on subscription only', () => {
    const { element, port } = setup();
    const load$ = port.load('https://cdn.test/a.mp3');
    expect(element.src).toBe('');
    load$.subscribe();
    expect(element).toMatchObject({ src: 'https://cdn.test/a.mp3', preload: 'auto' });
  });

  it('prefetch points an empty element at a file with preload=metadata, and never replaces a file', () => {
    const { element, port } = setup();
    port.prefetch('https://cdn.test/a.mp3').subscribe();
    expect(element).toMatchObject({ src: 'https://cdn.test/a.mp3', preload: 'metadata' });
    port.prefetch('https://cdn.test/b.mp3').subscribe();
    expect(element.src).toBe('https://cdn.test/a.mp3');
  });

  it('load of the prefetched file keeps it (no restart), only raising preload; another file replaces it', () => {
    const { element, port } = setup();
    const assigned: string[] = [];
    let src = '';
    Object.defineProperty(element, 'src', { get: () => src, set: (v: string) => assigned.push((src = v)) });
    port.prefetch('https://cdn.test/a.mp3').subscribe();
    port.load('https://cdn.test/a.mp3').subscribe();
    expect(assigned).toEqual(['https://cdn.test/a.mp3']);
    expect(element.preload).toBe('auto');
    port.load('https://cdn.test/b.mp3').subscribe();
    expect(assigned).toEqual(['https://cdn.test/a.mp3', 'https://cdn.test/b.mp3']);
  });

  it('adopts a file the page already set (the server prefetch): neither prefetch nor load replaces it', () => {
    const element = new FakeAudioElement();
    element.attributes.src = '/media/a.mp3';
    const port = createAudioElement(element as unknown as AudioElementLike);
    const assigned: string[] = [];
    Object.defineProperty(element, 'src', { get: () => '/media/a.mp3', set: (v: string) => assigned.push(v) });
    port.prefetch('/media/a.mp3').subscribe();
    port.load('/media/a.mp3').subscribe();
    expect(assigned).toEqual([]);
    expect(element.preload).toBe('auto');
  });

  it('play calls element.play() synchronously on subscription (inside the click) and completes when it resolves', async () => {
    const { element, port } = setup();
    const done = lastValueFrom(port.play(), { defaultValue: 'none' });
    expect(element.playCalls).toBe(1);
    await expect(done).resolves.toBeUndefined();
  });

  it("a refused play() errors with the browser's error (the core records it as playRefused)", async () => {
    const { element, port } = setup();
    element.playAnswer = () => Promise.reject(new DOMException("play() failed because the user didn't interact with the document first.", 'NotAllowedError'));
    await expect(lastValueFrom(port.play())).rejects.toThrow("didn't interact");
  });

  it('pause and seek (ms to seconds) act on the element', () => {
    const { element, port } = setup();
    port.pause().subscribe();
    port.seek(12500).subscribe();
    expect(element.pauseCalls).toBe(1);
    expect(element.currentTime).toBe(12.5);
  });

  it('reports media events as raw facts with position and duration in ms, and the error code', () => {
    const { element, port } = setup();
    const facts: AudioFact[] = [];
    const subscription: Subscription = port.facts$.subscribe((f) => facts.push(f));
    element.dispatchEvent(new Event('loadedmetadata'));
    element.duration = 30;
    element.currentTime = 1.25;
    for (const kind of ['canplaythrough', 'playing', 'timeupdate', 'waiting', 'pause', 'ended']) element.dispatchEvent(new Event(kind));
    element.error = { code: 3 };
    element.dispatchEvent(new Event('error'));
    element.dispatchEvent(new Event('volumechange'));
    subscription.unsubscribe();
    element.dispatchEvent(new Event('playing'));
    expect(facts[0]).toEqual({ kind: 'loadedmetadata', positionMs: 0, durationMs: Number.NaN });
    expect(facts.slice(1).map((f) => f.kind)).toEqual(['canplaythrough', 'playing', 'timeupdate', 'waiting', 'pause', 'ended', 'error']);
    expect(facts[3]).toEqual({ kind: 'timeupdate', positionMs: 1250, durationMs: 30000 });
    expect(facts[7]).toEqual({ kind: 'error', positionMs: 1250, durationMs: 30000, errorCode: 3 });
  });
});
