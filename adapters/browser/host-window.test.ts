import { lastValueFrom, type Subscription } from 'rxjs';
import type { IncomingMessage, Viewport } from '../../core/ports';
import { cookieString, createHostWindow, readCookieValue, withNoOpener } from './host-window';

const value = <T>(o: import('rxjs').Observable<T>) => lastValueFrom(o);

describe("createHostWindow (HostWindowPort over the widget's window, jsdom)", () => {
  const host = createHostWindow(window);

  it('reads the location', async () => {
    await expect(value(host.location())).resolves.toEqual({
      href: window.location.href,
      origin: window.location.origin,
      pathname: window.location.pathname,
      search: window.location.search,
    });
  });

  it('measures the viewport from innerWidth/innerHeight and reports raw resizes while subscribed', async () => {
    await expect(value(host.viewport())).resolves.toEqual({ width: window.innerWidth, height: window.innerHeight });
    const seen: Viewport[] = [];
    const subscription: Subscription = host.resize$.subscribe((v) => seen.push(v));
    window.dispatchEvent(new Event('resize'));
    subscription.unsubscribe();
    window.dispatchEvent(new Event('resize'));
    expect(seen).toEqual([{ width: window.innerWidth, height: window.innerHeight }]);
  });

  it('hands over posted messages raw, with their origin (a top window has no parent: none is from it)', () => {
    const seen: IncomingMessage[] = [];
    const subscription = host.messages$.subscribe((m) => seen.push(m));
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'api/connect', source: 'embed-api' }, origin: 'https://parent.test', source: window }));
    subscription.unsubscribe();
    expect(seen).toEqual([{ origin: 'https://parent.test', data: { type: 'api/connect', source: 'embed-api' }, fromParent: false }]);
  });

  it('issue 12: says whether a message came from the embedding window, not from a sibling frame, a pop-up or itself', () => {
    // The widget in a frame of this jsdom page: its parent is this window.
    const frame = document.createElement('iframe');
    const sibling = document.createElement('iframe');
    document.body.append(frame, sibling);
    const widget = frame.contentWindow as Window;
    const other = sibling.contentWindow as Window;
    expect(widget.parent).toBe(window);
    const seen: IncomingMessage[] = [];
    const subscription = createHostWindow(widget).messages$.subscribe((m) => seen.push(m));
    const post = (source: Window | null) =>
      widget.dispatchEvent(
        new (widget as unknown as typeof globalThis).MessageEvent('message', {
          data: { type: 'api/play', source: 'embed-api' },
          origin: 'https://page.test',
          source,
        }),
      );
    post(window);
    post(other);
    post(widget);
    post(null);
    subscription.unsubscribe();
    expect(seen.map((m) => m.fromParent)).toEqual([true, false, false, false]);
    frame.remove();
    sibling.remove();
  });

  it('posts to the parent window with the given target origin', () => {
    const postMessage = jest.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    host.postToParent({ type: 'contextchange' }, '*').subscribe();
    expect(postMessage).toHaveBeenCalledWith({ type: 'contextchange' }, '*');
    postMessage.mockRestore();
  });

  it('issue 12: opens every window with noopener and noreferrer; only a throw says it failed (noopener windows answer null)', async () => {
    const open = jest
      .spyOn(window, 'open')
      .mockImplementationOnce(() => null)
      .mockImplementationOnce(() => null)
      .mockImplementationOnce(() => {
        throw new Error('blocked');
      });
    await expect(value(host.open('https://open.test/go?uri=x', '_blank', 'width=640'))).resolves.toBe(true);
    await expect(value(host.open('https://open.test/go', '_blank'))).resolves.toBe(true);
    await expect(value(host.open('https://open.test/go', '_blank'))).rejects.toThrow('blocked');
    expect(open).toHaveBeenNthCalledWith(1, 'https://open.test/go?uri=x', '_blank', 'width=640,noopener,noreferrer');
    expect(open).toHaveBeenNthCalledWith(2, 'https://open.test/go', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('adds noopener and noreferrer to any features once, whatever the page asked', () => {
    expect(withNoOpener(undefined)).toBe('noopener,noreferrer');
    expect(withNoOpener('width=600, height=400')).toBe('width=600,height=400,noopener,noreferrer');
    expect(withNoOpener('noopener=0,NoReferrer,width=1')).toBe('width=1,noopener,noreferrer');
  });

  it('navigates the top window', async () => {
    const top = { location: { href: 'https://site.test/' } };
    await value(createHostWindow({ top } as unknown as Window).navigateTop('spotify:album:x'));
    expect(top.location.href).toBe('spotify:album:x');
  });

  it('writes a cookie for the given days and reads it back (spec 000 §4 hand-off cookie)', async () => {
    await value(host.writeCookie({ name: 'sp_handoff', value: 'yes', days: 5000 }));
    await expect(value(host.readCookie('sp_handoff'))).resolves.toBe('yes');
    await expect(value(host.readCookie('absent'))).resolves.toBeNull();
  });

  it('builds the cookie string: expires from days, path, domain, secure', () => {
    const now = Date.UTC(2019, 8, 14);
    expect(cookieString({ name: 'a b', value: 'y;es', days: 1, domain: '.provider.test', secure: true }, now)).toBe(
      'a%20b=y%3Bes; expires=Sun, 15 Sep 2019 00:00:00 GMT; path=/; domain=.provider.test; secure',
    );
    expect(readCookieValue('x=1; a%20b=y%3Bes; c', 'a b')).toBe('y;es');
    expect(readCookieValue('c', 'c')).toBe('');
  });

  it('writes to the clipboard, and errors when there is none (spec 000 §7: not handled in the widget)', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    await value(host.writeClipboard('https://open.test/album/x'));
    expect(writeText).toHaveBeenCalledWith('https://open.test/album/x');
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
    await expect(value(host.writeClipboard('x'))).rejects.toThrow('The clipboard is not available.');
  });
});
