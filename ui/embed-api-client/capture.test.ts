import { CAPTURE_TIMEOUT_MS, connectEmbed } from './index';

const CONTEXT = { uri: 'spotify:album:a', href: 'http://embeds.test/album/a', type: 'album', dominantColor: '#123456', isPlaying: false, currentTrack: null };

function setUp() {
  const iframe = document.createElement('iframe');
  iframe.src = 'http://embeds.test/embed/album/a?embed-api=1';
  document.body.appendChild(iframe);
  const target = iframe.contentWindow as Window;
  Object.defineProperty(iframe, 'contentDocument', { get: () => null });
  const posted: Array<[Record<string, unknown>, string]> = [];
  jest.spyOn(target, 'postMessage').mockImplementation(((message: Record<string, unknown>, origin: string) => {
    posted.push([message, origin]);
  }) as typeof target.postMessage);
  const reply = (data: unknown, origin = 'http://embeds.test') => window.dispatchEvent(new MessageEvent('message', { data, source: target, origin }));
  return { iframe, posted, reply };
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('requestCapture (issue 19: a site owner can ask the embed for a capture link)', () => {
  it('once connected, posts api/capture with the description to the embed origin and resolves with the link the embed answers', async () => {
    const { iframe, posted, reply } = setUp();
    const player = connectEmbed(iframe, { channelId: 'ch' });
    reply({ type: 'contextchange', source: 'embed', channelId: 'ch', context: CONTEXT });
    const link = player.requestCapture('support ticket 42');
    await flush();
    const request = posted.find(([m]) => m.type === 'api/capture');
    expect(request).toEqual([
      { type: 'api/capture', source: 'embed-api', channelId: 'ch', requestId: 'capture-1', description: 'support ticket 42' },
      'http://embeds.test',
    ]);
    // Another origin's answer, or another channel's, is not heard.
    reply({ type: 'capture', source: 'embed', channelId: 'ch', requestId: 'capture-1', url: 'http://evil.test/x' }, 'http://evil.test');
    reply({ type: 'capture', source: 'embed', channelId: 'other', requestId: 'capture-1', url: 'http://embeds.test/y' });
    reply({ type: 'capture', source: 'embed', channelId: 'ch', requestId: 'capture-1', url: 'http://embeds.test/replay/abc?key=k' });
    await expect(link).resolves.toEqual({ url: 'http://embeds.test/replay/abc?key=k' });
  });

  it("rejects with the embed's error, and after CAPTURE_TIMEOUT_MS without an answer", async () => {
    const { iframe, reply } = setUp();
    const player = connectEmbed(iframe, { channelId: 'ch' });
    reply({ type: 'contextchange', source: 'embed', channelId: 'ch', context: CONTEXT });
    const failed = player.requestCapture();
    await flush();
    reply({ type: 'capture', source: 'embed', channelId: 'ch', requestId: 'capture-1', error: 'The provider answered 429 to the capture.' });
    await expect(failed).rejects.toThrow('429');
    const silent = player.requestCapture();
    await flush();
    jest.advanceTimersByTime(CAPTURE_TIMEOUT_MS + 1);
    await expect(silent).rejects.toThrow('did not answer');
  });
});
