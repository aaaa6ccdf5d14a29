import { lastValueFrom } from 'rxjs';
import { createFetchHttp, type FetchLike } from './fetch-http';

type Init = Parameters<FetchLike>[1];

/** A hand fake of fetch: records each call and answers with the given response or failure. */
function fakeFetch(answer: (url: string, init: Init) => Promise<{ status: number; headers: Record<string, string>; body: string }>) {
  const calls: Array<{ url: string; init: Init }> = [];
  const fetchFn: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const { status, headers, body } = await answer(url, init);
    return {
      status,
      headers: { forEach: (cb: (value: string, name: string) => void) => Object.entries(headers).forEach(([n, v]) => cb(v, n)) },
      text: async () => body,
    };
  };
  return { fetchFn, calls };
}

describe('createFetchHttp (HttpPort over fetch)', () => {
  it('sends method, headers and body, and hands back status, lower-cased headers and the raw body', async () => {
    const { fetchFn, calls } = fakeFetch(async () => ({ status: 201, headers: { 'Content-Type': 'text/plain' }, body: 'made' }));
    const response = await lastValueFrom(
      createFetchHttp(fetchFn).request({
        method: 'POST',
        url: 'https://api.test/log/analytics',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      }),
    );
    expect(response).toEqual({ status: 201, headers: { 'content-type': 'text/plain' }, body: 'made' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.test/log/analytics');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
  });

  it('emits a failing status as a response, not an error (the core decides what it means)', async () => {
    const { fetchFn } = fakeFetch(async () => ({ status: 500, headers: {}, body: 'boom' }));
    await expect(lastValueFrom(createFetchHttp(fetchFn).request({ method: 'GET', url: 'https://api.test/x' }))).resolves.toMatchObject({ status: 500 });
  });

  it('errors only when no response came (network failure)', async () => {
    const { fetchFn } = fakeFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(lastValueFrom(createFetchHttp(fetchFn).request({ method: 'GET', url: 'https://api.test/x' }))).rejects.toThrow('Failed to fetch');
  });

  it('does nothing until subscribed, and aborts the request when unsubscribed', () => {
    const { fetchFn, calls } = fakeFetch(() => new Promise(() => undefined));
    const request$ = createFetchHttp(fetchFn).request({ method: 'GET', url: 'https://api.test/x' });
    expect(calls).toHaveLength(0);
    const subscription = request$.subscribe();
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    subscription.unsubscribe();
    expect(calls[0]?.init.signal?.aborted).toBe(true);
  });
});
