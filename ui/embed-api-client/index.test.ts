import { CONNECT_ATTEMPTS, CONNECT_RETRY_MS, connectEmbed, type EmbedContext } from './index';

const CONTEXT: EmbedContext = {
  uri: 'spotify:album:a',
  href: 'http://embeds.test/album/a',
  type: 'album',
  dominantColor: '#123456',
  isPlaying: true,
  currentTrack: { uri: 'spotify:track:t', href: 'http://embeds.test/track/t', name: 'T' },
};

function setUp(src: string | null = 'http://embeds.test/embed/album/a?embed-api=1') {
  const iframe = document.createElement('iframe');
  if (src !== null) iframe.src = src;
  document.body.appendChild(iframe);
  const target = iframe.contentWindow as Window;
  // As in a browser: the iframe shows its initial blank document until the embed (of another
  // origin, so then unreadable) has loaded. jsdom loads nothing, so this is played here.
  let blank = true;
  Object.defineProperty(iframe, 'contentDocument', { get: () => (blank ? { URL: 'about:blank' } : null) });
  const loaded = () => {
    blank = false;
    iframe.dispatchEvent(new Event('load'));
  };
  const posted: Array<[unknown, string]> = [];
  jest.spyOn(target, 'postMessage').mockImplementation(((message: unknown, origin: string) => {
    posted.push([message, origin]);
  }) as typeof target.postMessage);
  /** A message from the embed (or from elsewhere) arriving at the parent page. */
  const reply = (data: unknown, init: { source?: Window | null; origin?: string } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data, source: init.source === undefined ? target : init.source, origin: init.origin ?? 'http://embeds.test' }));
  return { iframe, target, posted, reply, loaded };
}

const types = (posted: Array<[unknown, string]>) => posted.map(([m]) => (m as { type: string }).type);
const contextChange = (channelId: string, context: unknown = CONTEXT) => ({ type: 'contextchange', source: 'embed', channelId, context });

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('connectEmbed (spec 000 §7 parent-page message interface)', () => {
  it('connects with { type, source: embed-api, channelId } to the iframe origin, repeating until the embed answers', () => {
    const { posted, reply, loaded } = setUp();
    const player = connectEmbed(document.querySelector('iframe') as HTMLIFrameElement, { channelId: 'ch' });
    // The iframe is still blank: nothing goes until its embed has loaded.
    jest.advanceTimersByTime(CONNECT_RETRY_MS * 2);
    expect(posted).toEqual([]);
    loaded();
    expect(posted).toEqual([[{ type: 'api/connect', source: 'embed-api', channelId: 'ch' }, 'http://embeds.test']]);
    jest.advanceTimersByTime(CONNECT_RETRY_MS * 2);
    expect(types(posted)).toEqual(['api/connect', 'api/connect', 'api/connect']);
    reply(contextChange('ch'));
    expect(player.connected).toBe(true);
    jest.advanceTimersByTime(CONNECT_RETRY_MS * 4);
    expect(posted).toHaveLength(3);
  });

  it('gives up connecting after the last attempt', () => {
    const { iframe, posted, loaded } = setUp();
    connectEmbed(iframe);
    loaded();
    jest.advanceTimersByTime(CONNECT_RETRY_MS * (CONNECT_ATTEMPTS + 10));
    expect(posted).toHaveLength(CONNECT_ATTEMPTS);
  });

  it('queues commands until connected, then sends them in order; later commands go at once', () => {
    const { iframe, posted, reply, loaded } = setUp();
    const player = connectEmbed(iframe, { channelId: 'ch' });
    loaded();
    player.play();
    player.next();
    expect(types(posted)).toEqual(['api/connect']);
    reply(contextChange('ch'));
    player.prev();
    player.stop();
    player.requestContext();
    expect(types(posted)).toEqual(['api/connect', 'api/play', 'api/next', 'api/prev', 'api/stop', 'api/context']);
    expect(posted.every(([m, origin]) => (m as { channelId: string }).channelId === 'ch' && origin === 'http://embeds.test')).toBe(true);
  });

  it('hands contextchange to the listeners; unsubscribe stops one listener', () => {
    const { iframe, reply, loaded } = setUp();
    const player = connectEmbed(iframe, { channelId: 'ch' });
    loaded();
    const seen: EmbedContext[] = [];
    const other: EmbedContext[] = [];
    const off = player.onContextChange((c) => seen.push(c));
    player.onContextChange((c) => other.push(c));
    reply(contextChange('ch'));
    off();
    reply(contextChange('ch', { ...CONTEXT, isPlaying: false }));
    expect(seen).toEqual([CONTEXT]);
    expect(other).toEqual([CONTEXT, { ...CONTEXT, isPlaying: false }]);
  });

  it('ignores messages from other windows, other origins, other channels and other shapes', () => {
    const { iframe, reply, loaded } = setUp();
    const player = connectEmbed(iframe, { channelId: 'ch' });
    loaded();
    const seen: unknown[] = [];
    player.onContextChange((c) => seen.push(c));
    reply(contextChange('ch'), { source: window });
    reply(contextChange('ch'), { source: null });
    reply(contextChange('ch'), { origin: 'http://evil.test' });
    reply(contextChange('other'));
    reply({ ...contextChange('ch'), source: 'embed-api' });
    reply(contextChange('ch', { uri: 5 }));
    reply('contextchange');
    reply(null);
    expect(seen).toEqual([]);
    expect(player.connected).toBe(false);
  });

  it('connects again when the iframe reloads', () => {
    const { iframe, posted, reply, loaded } = setUp();
    const player = connectEmbed(iframe, { channelId: 'ch' });
    loaded();
    reply(contextChange('ch'));
    iframe.dispatchEvent(new Event('load'));
    expect(player.connected).toBe(false);
    player.play();
    expect(types(posted)).toEqual(['api/connect', 'api/connect']);
    reply(contextChange('ch'));
    expect(types(posted)).toEqual(['api/connect', 'api/connect', 'api/play']);
  });

  it('disconnect stops sending and listening', () => {
    const { iframe, posted, reply, loaded } = setUp();
    const player = connectEmbed(iframe, { channelId: 'ch' });
    loaded();
    const seen: unknown[] = [];
    player.onContextChange((c) => seen.push(c));
    player.disconnect();
    jest.advanceTimersByTime(CONNECT_RETRY_MS * 5);
    player.play();
    reply(contextChange('ch'));
    expect(types(posted)).toEqual(['api/connect']);
    expect(seen).toEqual([]);
  });

  it('a given targetOrigin is used; an iframe without an http(s) src posts to any origin; default channel ids differ', () => {
    const a = setUp();
    connectEmbed(a.iframe, { targetOrigin: 'http://other.test' });
    a.loaded();
    expect(a.posted[0]?.[1]).toBe('http://other.test');
    const b = setUp(null);
    const first = connectEmbed(b.iframe);
    const second = connectEmbed(b.iframe);
    expect(b.posted[0]?.[1]).toBe('*');
    expect(first.channelId).not.toBe(second.channelId);
  });
});
