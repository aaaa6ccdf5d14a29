import { TestScheduler } from 'rxjs/testing';
import type { AudioFact } from '../../core/ports';
import { createFakePorts, createSeededRandom, PLAY_REFUSED_MESSAGE } from './index';

const newScheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));

describe('createFakePorts (scheduler-driven fakes, ARCHITECTURE.md §2)', () => {
  it('the clock follows the scheduler', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const ports = createFakePorts(scheduler);
      const seen: number[] = [];
      scheduler.schedule(() => seen.push(ports.clock.now()), 1500);
      flush();
      expect(seen).toEqual([1500]);
    });
  });

  it('http answers 204 by default, asynchronously, after the configured latency, and records the request', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const ports = createFakePorts(scheduler, { httpLatencyMs: 20 });
      expectObservable(ports.http.request({ method: 'POST', url: 'https://api.test/log/analytics', body: '{}' })).toBe('20ms (r|)', {
        r: { status: 204, headers: {}, body: '' },
      });
      scheduler.schedule(() => expect(ports.calls.http).toEqual([{ method: 'POST', url: 'https://api.test/log/analytics', body: '{}' }]), 1);
    });
  });

  it('http answers with the responder, an Error being a network failure; unsubscribing cancels', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const ports = createFakePorts(scheduler, {
        httpResponder: (req) => (req.url.endsWith('/down') ? new Error('offline') : { status: 500, headers: {}, body: 'no' }),
      });
      expectObservable(ports.http.request({ method: 'GET', url: 'https://api.test/down' })).toBe('#', undefined, new Error('offline'));
      expectObservable(ports.http.request({ method: 'GET', url: 'https://api.test/up' })).toBe('(r|)', { r: { status: 500, headers: {}, body: 'no' } });
      expectObservable(createFakePorts(scheduler, { httpLatencyMs: 10 }).http.request({ method: 'GET', url: 'x' }), '5ms !').toBe('');
    });
  });

  it('randomness is seeded: the same seed gives the same numbers, in [0, 1)', () => {
    const draw = (seed?: number) => {
      const random = createSeededRandom(seed);
      return Array.from({ length: 50 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw()).toEqual(createFakePortsDraws());
    expect(draw(7).every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('the host records outward calls, keeps cookies and reports resizes', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const ports = createFakePorts(scheduler, { viewport: { width: 300, height: 152 } });
      const sizes: unknown[] = [];
      ports.host.resize$.subscribe((v) => sizes.push(v));
      ports.emitResize({ width: 500, height: 80 });
      ports.host.viewport().subscribe((v) => sizes.push(v));
      ports.host.writeCookie({ name: 'handoff', value: 'yes', days: 5000 }).subscribe();
      ports.host.readCookie('handoff').subscribe((v) => sizes.push(v));
      ports.host.open('https://open.test/go', '_blank').subscribe((opened) => sizes.push(opened));
      ports.host.postToParent({ type: 'contextchange' }, '*').subscribe();
      expect(sizes).toEqual([{ width: 500, height: 80 }, { width: 500, height: 80 }, 'yes', true]);
      expect(ports.calls.host).toEqual(['writeCookie handoff=yes days=5000', 'open https://open.test/go _blank', 'postToParent * {"type":"contextchange"}']);
    });
  });
});

describe('fake audio element', () => {
  it('records calls; play() settles on the next scheduler turn; it can be told to refuse like an autoplay policy', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const ports = createFakePorts(scheduler);
      const refusing = createFakePorts(scheduler, { audio: { refusePlay: true } });
      ports.audio.load('a.mp3').subscribe();
      ports.audio.play().subscribe();
      ports.audio.seek(1000).subscribe();
      ports.audio.pause().subscribe();
      expect(ports.calls.audio).toEqual(['load a.mp3', 'play', 'seek 1000', 'pause']);
      expectObservable(ports.audio.play()).toBe('(v|)', { v: undefined });
      expectObservable(refusing.audio.play()).toBe('#', undefined, new Error(PLAY_REFUSED_MESSAGE));
    });
  });

  it('emits no facts by its own unless simulating; emitAudioFact feeds facts$', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const ports = createFakePorts(scheduler);
      const facts: AudioFact[] = [];
      ports.audio.facts$.subscribe((f) => facts.push(f));
      ports.audio.load('a.mp3').subscribe();
      ports.audio.play().subscribe();
      flush();
      expect(facts).toEqual([]);
      ports.emitAudioFact({ kind: 'waiting', positionMs: 0, durationMs: NaN });
      expect(facts.map((f) => f.kind)).toEqual(['waiting']);
    });
  });

  it('simulating, it plays a file like an element: metadata, playing, a timeupdate per tick, then pause and ended', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const ports = createFakePorts(scheduler, { audio: { simulate: true, durationMs: 1000, tickMs: 250 } });
      const facts: string[] = [];
      ports.audio.facts$.subscribe((f) => facts.push(`${scheduler.now()} ${f.kind} ${f.positionMs}/${f.durationMs}`));
      ports.audio.load('a.mp3').subscribe();
      ports.audio.play().subscribe();
      flush();
      expect(facts).toEqual([
        '0 loadedmetadata 0/1000',
        '0 canplaythrough 0/1000',
        '0 playing 0/1000',
        '250 timeupdate 250/1000',
        '500 timeupdate 500/1000',
        '750 timeupdate 750/1000',
        '1000 timeupdate 1000/1000',
        '1000 pause 1000/1000',
        '1000 ended 1000/1000',
      ]);
    });
  });

  it("simulating, a new load drops the old file's pending events and rejects its pending play()", () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const ports = createFakePorts(scheduler, { audio: { simulate: true, durationMs: 1000 } });
      const facts: string[] = [];
      ports.audio.facts$.subscribe((f) => facts.push(`${scheduler.now()} ${f.kind}`));
      ports.audio.load('a.mp3').subscribe();
      let outcome = 'pending';
      ports.audio.play().subscribe({ complete: () => (outcome = 'played'), error: (e: Error) => (outcome = e.message) });
      ports.audio.load('b.mp3').subscribe();
      flush();
      expect(outcome).toBe('The play() request was interrupted by a new load request.');
      // Only b.mp3's metadata: a.mp3's was dropped, and nothing played.
      expect(facts).toEqual(['0 loadedmetadata', '0 canplaythrough']);
    });
  });
});

/** The default seed's first 50 draws, as createFakePorts() with no options produces them. */
function createFakePortsDraws(): number[] {
  const ports = createFakePorts(new TestScheduler(() => undefined));
  return Array.from({ length: 50 }, () => ports.random.next());
}
