import { lastValueFrom } from 'rxjs';
import { createFetchHttp, type FetchLike } from './fetch-http';

function recordingFetch() {
  const inits: Array<Parameters<FetchLike>[1]> = [];
  const fetchFn: FetchLike = async (_url, init) => {
    inits.push(init);
    return { status: 204, headers: { forEach: () => undefined }, text: async () => '' };
  };
  return { fetchFn, inits };
}

describe('createFetchHttp keepalive (logs sent as the page is hidden: core/widget/action-logging.epic)', () => {
  it('passes keepalive to fetch only when the request asks for it', async () => {
    const { fetchFn, inits } = recordingFetch();
    const http = createFetchHttp(fetchFn);
    await lastValueFrom(http.request({ method: 'POST', url: 'https://api.test/log/actions', body: '{}', keepalive: true }));
    await lastValueFrom(http.request({ method: 'POST', url: 'https://api.test/log/actions', body: '{}' }));
    expect(inits[0]).toMatchObject({ keepalive: true });
    expect(inits[1]).not.toHaveProperty('keepalive');
  });
});
