import { CONNECT_ATTEMPTS, CONNECT_RETRY_MS, connectEmbed, EmbedConnectError, type EmbedContext } from './index';

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
    window.dispatchEvent(
      new MessageEvent('message', { data, source: init.source === undefined ? target : init.source, origin: init.origin ?? 'http://embeds.test' }),
    );
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
    connectEmbed(iframe, { onError: () => undefined });
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

/** Lets the client's deferred report (a microtask) and a promise's handlers run. */
const flush = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
};
/** How a promise settled, without waiting for one that has not. */
const outcome = async (promise: Promise<unknown>) => {
  let result: unknown = 'pending';
  promise.then(
    (value) => (result = { resolved: value }),
    (error: unknown) => (result = { rejected: error instanceof EmbedConnectError ? error.code : error }),
  );
  await flush();
  return result;
};

describe('connectEmbed says when the iframe will never connect (issue 13)', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('ready resolves with the first context; nothing is reported', async () => {
    const { iframe, reply, loaded } = setUp();
    const errors: EmbedConnectError[] = [];
    const player = connectEmbed(iframe, { channelId: 'ch', onError: (e) => errors.push(e) });
    loaded();
    reply(contextChange('ch'));
    reply(contextChange('ch', { ...CONTEXT, isPlaying: false }));
    expect(await outcome(player.ready)).toEqual({ resolved: CONTEXT });
    jest.advanceTimersByTime(CONNECT_RETRY_MS * (CONNECT_ATTEMPTS + 10));
    await flush();
    expect([errors, warn.mock.calls]).toEqual([[], []]);
  });

  it('a src without embed-api=1 (spec 000 §2 Routes: the embed will not listen) is said at once: onError, ready rejects, nothing is sent', async () => {
    const { iframe, posted, loaded } = setUp('http://embeds.test/embed/album/a');
    const errors: EmbedConnectError[] = [];
    const player = connectEmbed(iframe, { onError: (e) => errors.push(e) });
    // Said after connectEmbed has returned, so the callback may use the controller.
    expect(errors).toEqual([]);
    await flush();
    expect(errors.map((e) => [e.name, e.code, e.src])).toEqual([['EmbedConnectError', 'missing-embed-api', 'http://embeds.test/embed/album/a']]);
    expect(errors[0]?.message).toMatch(/no embed-api=1/);
    expect(await outcome(player.ready)).toEqual({ rejected: 'missing-embed-api' });
    // Its load is checked again, and the same problem is not said twice.
    loaded();
    player.play();
    jest.advanceTimersByTime(CONNECT_RETRY_MS * 5);
    await flush();
    expect([posted, errors.length, warn.mock.calls.length]).toEqual([[], 1, 0]);
  });

  it('without onError, a console warning says it (once), with the src and what to do', async () => {
    const { iframe, loaded } = setUp('http://embeds.test/embed?uri=spotify:album:a');
    connectEmbed(iframe);
    loaded();
    await flush();
    expect(warn.mock.calls).toEqual([[expect.stringMatching(/^\[embed-api\] .*embed\?uri=spotify:album:a.*no embed-api=1.*Copy embed code/)]]);
  });

  it.each([
    ['a page that is not an embed', 'http://embeds.test/album/a?embed-api=1'],
    ['a page of another site', 'https://elsewhere.test/watch?embed-api=1'],
    ['the embed API client itself', 'http://embeds.test/embed-api/client.js?embed-api=1'],
  ])('%s is not an embed: said at once, nothing sent', async (_name, src) => {
    const { iframe, posted, loaded } = setUp(src);
    const errors: EmbedConnectError[] = [];
    const player = connectEmbed(iframe, { onError: (e) => errors.push(e) });
    loaded();
    await flush();
    expect(errors.map((e) => e.code)).toEqual(['not-an-embed']);
    expect(await outcome(player.ready)).toEqual({ rejected: 'not-an-embed' });
    expect(posted).toEqual([]);
  });

  it.each([
    ['the query form', 'http://embeds.test/embed?uri=spotify:album:a&embed-api=1'],
    ['the path form', 'http://embeds.test/embed/album/a?debug=1&embed-api=1'],
    ['a provider under a path', 'https://provider.test/player/embed?uri=spotify:show:s&embed-api=1'],
  ])('%s is an embed that can connect', async (_name, src) => {
    const { iframe, posted, reply, loaded } = setUp(src);
    const errors: EmbedConnectError[] = [];
    const player = connectEmbed(iframe, { channelId: 'ch', onError: (e) => errors.push(e) });
    loaded();
    reply(contextChange('ch'), { origin: new URL(src).origin });
    expect(await outcome(player.ready)).toEqual({ resolved: CONTEXT });
    expect([types(posted), errors]).toEqual([['api/connect'], []]);
  });

  it('no answer to api/connect after the last attempt: no-answer once; commands dropped; a late answer still connects', async () => {
    const { iframe, posted, reply, loaded } = setUp();
    const errors: EmbedConnectError[] = [];
    const player = connectEmbed(iframe, { channelId: 'ch', onError: (e) => errors.push(e) });
    loaded();
    player.play();
    jest.advanceTimersByTime(CONNECT_RETRY_MS * (CONNECT_ATTEMPTS - 1));
    await flush();
    // The last connect is still waiting for its answer.
    expect([posted.length, errors]).toEqual([CONNECT_ATTEMPTS, []]);
    jest.advanceTimersByTime(CONNECT_RETRY_MS);
    await flush();
    expect(errors.map((e) => e.code)).toEqual(['no-answer']);
    expect(errors[0]?.message).toContain(`did not answer api/connect (${CONNECT_ATTEMPTS} tries`);
    expect(await outcome(player.ready)).toEqual({ rejected: 'no-answer' });
    jest.advanceTimersByTime(CONNECT_RETRY_MS * 10);
    player.next();
    expect(posted).toHaveLength(CONNECT_ATTEMPTS);
    // A late answer: connected after all, later commands go; the one queued before the failure does not.
    const seen: EmbedContext[] = [];
    player.onContextChange((c) => seen.push(c));
    reply(contextChange('ch'));
    player.stop();
    expect([player.connected, seen, types(posted).slice(CONNECT_ATTEMPTS)]).toEqual([true, [CONTEXT], ['api/stop']]);
    await flush();
    expect([errors.length, warn.mock.calls.length]).toEqual([1, 0]);
  });

  it('a new src without embed-api=1, loaded later, is said too', async () => {
    const { iframe, posted, reply, loaded } = setUp();
    const errors: EmbedConnectError[] = [];
    const player = connectEmbed(iframe, { channelId: 'ch', onError: (e) => errors.push(e) });
    loaded();
    reply(contextChange('ch'));
    iframe.setAttribute('src', 'http://embeds.test/embed/album/b');
    iframe.dispatchEvent(new Event('load'));
    await flush();
    expect([errors.map((e) => e.code), types(posted), player.connected]).toEqual([['missing-embed-api'], ['api/connect'], false]);
    // ready had settled with the first connection.
    expect(await outcome(player.ready)).toEqual({ resolved: CONTEXT });
  });

  it('disconnect before connecting rejects ready as disconnected, and reports nothing', async () => {
    const { iframe, loaded } = setUp();
    const errors: EmbedConnectError[] = [];
    const player = connectEmbed(iframe, { onError: (e) => errors.push(e) });
    loaded();
    player.disconnect();
    jest.advanceTimersByTime(CONNECT_RETRY_MS * (CONNECT_ATTEMPTS + 10));
    expect(await outcome(player.ready)).toEqual({ rejected: 'disconnected' });
    expect([errors, warn.mock.calls]).toEqual([[], []]);
  });

  it('no iframe (a selector that matched nothing) or another element is a TypeError at once', () => {
    expect(() => connectEmbed(null as unknown as HTMLIFrameElement)).toThrow(
      new TypeError('[embed-api] connectEmbed needs an <iframe> element, and was given null.'),
    );
    expect(() => connectEmbed(document.createElement('div') as unknown as HTMLIFrameElement)).toThrow('and was given a <div>.');
  });

  it('an unawaited ready that rejects is no unhandled rejection', async () => {
    jest.useRealTimers();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { iframe } = setUp('http://embeds.test/embed/album/a');
      connectEmbed(iframe, { onError: () => undefined });
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
