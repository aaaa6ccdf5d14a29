import type { CaptureUpload } from '../../core/model/capture';
import { of, VirtualTimeScheduler } from 'rxjs';
import { catalogueConfigured, initialCatalogueState, termsCheckRequested } from '../../core/catalogue';
import type { HttpRequest } from '../../core/ports';
import { parseTranscript } from '../../core/store/transcript';
import { replayWithTranscript } from '../../core/store/transcript-replay';
import { initialSessionState } from '../../core/engine/session/state';
import { parseActionLog } from '../../core/store/action-log';
import { replayFold } from '../../core/store/replay';
import { createStore } from '../../core/store/store';
import { initialWebPlayerState, pagePlayToggled, tracksSection, type WebTrack } from '../../core/webplayer';
import { webPlayerCapture } from './capture';
import {
  createPageRecording,
  createRecordedPageStore,
  WEB_PLAYER_APP,
  webPlayerPageReducer,
  webPlayerPageReplayBuild,
  type WebPlayerPageState,
} from './page-store';

const TOKEN = 'BQDx7-webplayer-page-token-abcdefghijklmnopqrst';
const ENGINE_TOKEN = 'BQCy9-engine-access-token-zyxwvutsrqponmlkjihgf';

const track = (id: string): WebTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: `Song ${id}`,
  artists: [{ name: 'Artist', href: '/artist/ar' }],
  album: null,
  imageUrl: null,
  durationMs: 200_000,
  previewUrl: `/preview/${id}.mp3`,
  playable: true,
});

function pageState(loggedIn: boolean): WebPlayerPageState {
  const page = {
    path: '/album/a1',
    itemUri: 'spotify:album:a1',
    header: null,
    sections: [tracksSection('l', null, 'spotify:album:a1', [track('t1'), track('t2')], { album: false, cover: false }, '')],
  };
  return {
    session: loggedIn ? { ...initialSessionState, status: 'loaded', accessToken: TOKEN, expiresAtMs: 1e15, isAnonymous: false } : initialSessionState,
    catalogue: initialCatalogueState,
    webplayer: initialWebPlayerState(page, loggedIn),
  };
}

/** A web player page as main.tsx makes it: the store recorded from its first action, and its capture. */
function page(loggedIn: boolean, engine: () => { actionLog: string; transcript: string } | null = () => null) {
  const initialState = pageState(loggedIn);
  const recording = createPageRecording('t', initialState, '?debug=0');
  const store = createStore({ reducer: webPlayerPageReducer, deps: { clock: { now: () => 0 } }, initialState, onEnvelope: recording.record });
  const capture = webPlayerCapture(window, { getState: () => store.getState(), recording, engine });
  return { store, capture };
}

let requests: Array<{ url: string; init: RequestInit }>;
beforeEach(() => {
  requests = [];
  window.fetch = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: url as string, init: init ?? {} });
    const link = { id: 'i'.repeat(22), key: 'k'.repeat(22), url: `/replay/${'i'.repeat(22)}?key=${'k'.repeat(22)}` };
    return Promise.resolve({ status: 201, json: () => Promise.resolve(link) } as Response);
  });
});

const authorization = (): string | undefined => (requests[0]?.init.headers as Record<string, string> | undefined)?.authorization;
const sent = (): CaptureUpload => JSON.parse(requests[0]?.init.body as string) as CaptureUpload;

describe("the web player's 'Report a problem' (issue 19 Capture: every web player page captures its own session)", () => {
  it("uploads the page's own action log (app web-player, from its first action), redacted, as the listener's capture", async () => {
    const { store, capture } = page(true);
    store.dispatch(pagePlayToggled());
    const link = await capture('the album did not play');
    expect(link.href).toBe(`${window.location.origin}/replay/${'i'.repeat(22)}?key=${'k'.repeat(22)}`);
    expect(requests.map((r) => r.url)).toEqual([`${window.location.origin}/capture`]);
    // The page token of a logged-in listener makes the capture theirs.
    expect(authorization()).toBe(`Bearer ${TOKEN}`);
    const upload = sent();
    expect(JSON.stringify(upload)).not.toContain(TOKEN);
    const log = parseActionLog(upload.widget.actionLog);
    expect(log.header.app).toBe(WEB_PLAYER_APP);
    expect(log.entries.map((e) => e.action.type)).toEqual(['webplayer/pagePlayToggled']);
    expect(upload).toMatchObject({ description: 'the album did not play', environment: { url: window.location.href } });
    expect(upload).not.toHaveProperty('engine');
  });

  it('the log folds with the page reducer to the state the page reached (what the viewer replays), its token a placeholder', () => {
    const { store, capture } = page(true);
    store.dispatch(pagePlayToggled());
    return capture('').then(() => {
      const { finalState } = replayFold(parseActionLog(sent().widget.actionLog), webPlayerPageReducer, WEB_PLAYER_APP);
      expect(finalState.webplayer.player).toEqual(store.getState().webplayer.player);
      expect(finalState.session.accessToken).toMatch(/^REDACTED_TOKEN_\d+$/);
    });
  });

  it("adds the engine's log and transcript once the page started the engine, with no token in clear", async () => {
    const engine = {
      actionLog: '{"kind":"header","schema":1,"app":"embed-engine","version":"t","initialState":{}}\n',
      transcript: `{"kind":"transcript"}\n{"answer":{"headers":{"authorization":"Bearer ${ENGINE_TOKEN}"}},"leak":"${TOKEN}"}\n`,
    };
    const { capture } = page(true, () => engine);
    await capture('');
    const upload = sent();
    expect(upload.engine?.actionLog).toBe(engine.actionLog);
    for (const secret of [TOKEN, ENGINE_TOKEN]) expect(JSON.stringify(upload)).not.toContain(secret);
  });

  it("an anonymous visitor's capture carries no token: it is anonymous and opens with its link's key", async () => {
    const { capture } = page(false);
    await capture('');
    expect(authorization()).toBeUndefined();
    expect(parseActionLog(sent().widget.actionLog).header.app).toBe(WEB_PLAYER_APP);
  });

  it("adds the page's port transcript (one redactor with its log: no token in clear), over which the page's log replays with its epics", async () => {
    const initialState = pageState(true);
    const recording = createPageRecording('t', initialState, '?debug=0');
    const asked: HttpRequest[] = [];
    const never = () => of<void>(undefined);
    const store = createRecordedPageStore(recording, initialState, {
      clock: { now: () => 1000 },
      // The page token's refresh timer stays pending: nothing advances this scheduler.
      scheduler: new VirtualTimeScheduler(),
      http: {
        request: (request) => {
          asked.push(request);
          return of({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' });
        },
      },
      preview: { load: never, play: never, pause: never, seek: never, setVolume: never },
    });
    store.dispatch(catalogueConfigured({ webApiUrl: 'http://p', gatewayUrl: 'http://p', locale: 'en', appVersion: 't', sessionMarket: 'SE', userId: 'u' }));
    store.dispatch(termsCheckRequested({ requestId: 'terms-check', language: 'en' }));
    // The terms check went out with the page's token (so the transcript had it to redact).
    expect(JSON.stringify(asked)).toContain(TOKEN);
    const capture = webPlayerCapture(window, { getState: () => store.getState(), recording, engine: () => null });
    await capture('');
    const upload = sent();
    expect(JSON.stringify(upload)).not.toContain(TOKEN);
    const transcript = parseTranscript(upload.widget.transcript ?? '');
    expect(transcript.header.app).toBe(WEB_PLAYER_APP);
    expect(transcript.entries.filter((e) => e.k === 'sub').map((e) => (e.k === 'sub' ? e.c : ''))).toEqual(['http.request']);
    const log = parseActionLog(upload.widget.actionLog);
    expect(log.entries.some((e) => e.src === 'epic')).toBe(true);
    const replay = replayWithTranscript(log, transcript, { reducer: webPlayerPageReducer, build: webPlayerPageReplayBuild, expectApp: WEB_PLAYER_APP });
    expect(replay.ok && replay.envelopes.length).toBe(log.entries.length);
  });
});
