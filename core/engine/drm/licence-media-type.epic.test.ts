import { TestScheduler } from 'rxjs/testing';
import { createFakeEme, createFakeHttp } from '../../../adapters/fake';
import type { HttpRequest } from '../../ports';
import type { Action } from '../../store/action';
import { mediaLoadRequested } from '../media/actions';
import { videoSourceChosen } from '../video/actions';
import { encrypted } from './actions';
import { provider, runDrm, SETUP, type HttpResponder } from './testing/run-drm';

/*
 * spec 001 §7 Media: GET license url with keysystem, mediatype, sdk_name, sdk_version; §9: the answer is
 * cached until 60 s before it expires. Issue 18: the URL is asked for with the track's media type and
 * cached per type, so an audio track after a video one (and the reverse) uses its own type's URL.
 * This provider answers a different licence server path per media type. Virtual time, HTTP at once.
 */

const FAKES = { createFakeHttp, createFakeEme };
const LICENCE = '{"keys":[{"kty":"oct","k":"AAAAAAAAAAAAAAAAAAAAAA","kid":"AAAAAAAAAAAAAAAAAAAAAA"}],"type":"temporary"}';

const perType = (
  s: TestScheduler,
  licence: (request: HttpRequest) => { status: number; body: string } = () => ({ status: 200, body: LICENCE }),
): HttpResponder => {
  const answers = provider(s, licence);
  return (request) => {
    const answer = answers(request);
    if (answer instanceof Error || !request.url.startsWith('http://p.test/license-url')) return answer;
    const mediaType = new URL(request.url).searchParams.get('mediatype');
    const { expires } = JSON.parse(answer.body) as { expires: number };
    return { ...answer, body: JSON.stringify({ uri: `http://p.test/licence/${mediaType}/{contentId}`, expires }) };
  };
};

const load = (fileId: string, video: boolean): Action[] => [
  ...(video ? [videoSourceChosen({ sourceId: fileId })] : []),
  mediaLoadRequested({ fileId, protected: true, isAd: false, startMs: 0, autoplay: true }),
];
const at = (t: number, actions: Action[]) => actions.map((action) => [t, action] as const);
const fact = (initData: string) => encrypted({ initDataType: 'cenc', initData });

/** The licence-URL GETs as [virtual ms, mediatype], and the licence POSTs as [virtual ms, path]. */
function traffic(http: HttpRequest[], sentAt: number[]) {
  const rows = http.map((r, i) => ({ r, t: sentAt[i]! }));
  return {
    urls: rows.filter(({ r }) => r.url.startsWith('http://p.test/license-url')).map(({ r, t }) => [t, new URL(r.url).searchParams.get('mediatype')]),
    posts: rows.filter(({ r }) => r.method === 'POST').map(({ r, t }) => [t, new URL(r.url).pathname]),
  };
}

/** runDrm, with the virtual time each request was sent at. */
function runTimed(s: TestScheduler, responder: HttpResponder, inputs: ReadonlyArray<readonly [number, Action]>) {
  const sentAt: number[] = [];
  const run = runDrm(
    {
      ...FAKES,
      createFakeHttp: (scheduler, calls, answer) => {
        const http = createFakeHttp(scheduler, calls, answer);
        return { request: (request) => (sentAt.push(scheduler.now()), http.request(request)) };
      },
    },
    s,
    responder,
    {},
    inputs,
    20_000,
  );
  s.flush();
  return { run, ...traffic(run.http, sentAt) };
}

describe('the licence URL per media type (spec 001 §7 Media mediatype; §9 licence URL cache)', () => {
  it('video, then audio, then video again: each asks its own type once and posts to its own licence URL', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      const { run, urls, posts } = runTimed(s, perType(s), [
        [0, SETUP],
        ...at(100, load('v1', true)),
        [150, fact('v')],
        ...at(1000, load('a1', false)),
        [1050, fact('a')],
        ...at(2000, load('v2', true)),
        [2050, fact('v2')],
      ]);
      // Audio at attachment (no load yet), video as the video source is chosen; then both are cached.
      expect(urls).toEqual([
        [0, 'audio'],
        [100, 'video'],
      ]);
      expect(posts).toEqual([
        [150, '/licence/video/v1'],
        [1050, '/licence/audio/a1'],
        [2050, '/licence/video/v2'],
      ]);
      expect(run.state().licenceUrl?.uri).toBe('http://p.test/licence/audio/{contentId}');
      expect(run.state().videoLicenceUrl?.uri).toBe('http://p.test/licence/video/{contentId}');
      expect(run.log.filter(([, type]) => type === 'drm/licenceUpdated')).toHaveLength(3);
    });
  });

  it('a video track loaded as the keys attach: the prefetch asks for video; the audio track after it asks for audio at its challenge', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      const { urls, posts } = runTimed(s, perType(s), [
        ...at(0, load('v1', true)),
        [0, SETUP],
        [50, fact('v')],
        ...at(500, load('a1', false)),
        [550, fact('a')],
      ]);
      // The keys attach with the video load under way: the prefetch is the video's; the audio's is asked at its challenge.
      expect(urls).toEqual([
        [0, 'video'],
        [550, 'audio'],
      ]);
      expect(posts).toEqual([
        [50, '/licence/video/v1'],
        [550, '/licence/audio/a1'],
      ]);
    });
  });

  it("a licence refused with 403 drops only that type's URL (spec 001 §8 License endpoint refreshed)", () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      let videoPosts = 0;
      const refuseFirstVideo = (r: HttpRequest) =>
        r.url.includes('/licence/video/') && videoPosts++ === 0 ? { status: 403, body: 'no' } : { status: 200, body: LICENCE };
      const { run, urls, posts } = runTimed(s, perType(s, refuseFirstVideo), [
        [0, SETUP],
        ...at(100, load('v1', true)),
        [150, fact('v')],
        ...at(1000, load('a1', false)),
        [1050, fact('a')],
        ...at(2000, load('v2', true)),
        [2050, fact('v2')],
      ]);
      expect(run.log.filter(([, type]) => type === 'drm/licenceUrlInvalidated')).toEqual([
        [150, 'drm/licenceUrlInvalidated', { status: 403, mediaType: 'video' }],
      ]);
      // The audio URL stays cached; the video one is asked for again when the next video is chosen.
      expect(urls).toEqual([
        [0, 'audio'],
        [100, 'video'],
        [2000, 'video'],
      ]);
      expect(posts.map(([, path]) => path)).toEqual(['/licence/video/v1', '/licence/audio/a1', '/licence/video/v2']);
    });
  });
});
