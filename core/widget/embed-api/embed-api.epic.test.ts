import { filter, map, throwError } from 'rxjs';
import { createFakePorts, type FakePortsOptions } from '../../../adapters/fake';
import type { FakeHost } from '../../../adapters/fake/fake-host';
import type { IncomingMessage } from '../../ports';
import type { Action } from '../../store/action';
import * as a from '../actions';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { testScheduler } from '../testing/marbles';
import { runWidget } from '../testing/run-widget';
import * as e from './actions';
import { embedContextOf } from './context-of';

const API_PAGE = 'http://localhost/embed/album/album1?embed-api=1';
const PARENT = 'http://parent.test';
const msg = (data: unknown): IncomingMessage => ({ origin: PARENT, data, fromParent: true });
const load = (n: number) => a.trackLoadDecided({ index: n - 1, uri: `spotify:track:track${n}`, src: `https://cdn.test/preview/track${n}.mp3` });
const initial = initialWidgetState(albumData());

interface Run {
  /** Messages posted to the widget's window, marble over `messages`. */
  readonly messages?: string;
  readonly messageValues?: Record<string, IncomingMessage>;
  /** Media facts (src adapter), marble over `facts`. */
  readonly facts?: string;
  readonly factValues?: Record<string, Action>;
  /** Expected embedApi/, preview/ and playback/ actions of any source except the start-up prefetch. */
  readonly expected: string;
  readonly outputs: Record<string, Action>;
  readonly ports?: FakePortsOptions;
}

/** The whole widget under virtual time on fake ports whose page address has embed-api=1 by default. */
function run(r: Run): { host: string[]; state: WidgetState } {
  const scheduler = testScheduler((x, y) => expect(x).toEqual(y));
  const ports = createFakePorts(scheduler, { location: API_PAGE, ...r.ports });
  let state = initial;
  scheduler.run(({ hot, expectObservable }) => {
    if (r.messages !== undefined) hot(r.messages, r.messageValues).subscribe((m) => (ports.host as FakeHost).emitMessage(m));
    const envelopes = runWidget({
      initialState: initial,
      ports,
      ...(r.facts === undefined ? {} : { adapter: hot(r.facts, r.factValues) }),
      onStore: (store) => store.subscribe(() => (state = store.getState())),
    });
    const actions = envelopes.pipe(
      map((env) => env.action),
      filter((act) => ['embedApi/', 'preview/', 'playback/'].some((p) => act.type.startsWith(p)) && act.type !== 'preview/trackPrefetchDecided'),
    );
    expectObservable(actions).toBe(r.expected, r.outputs);
  });
  return { host: ports.calls.host, state };
}

/** A marble from [frame, letters] pairs: the letters emitted together at that frame. */
function at(...events: Array<[number, string]>): string {
  let out = '';
  let frame = 0;
  for (const [when, letters] of events) {
    out += '-'.repeat(when - frame) + (letters.length > 1 ? `(${letters})` : letters);
    frame = when + (letters.length > 1 ? letters.length + 2 : 1);
  }
  return out;
}

const received = (data: unknown) => e.embedApiMessageReceived({ origin: PARENT, data });
const command = (command: e.EmbedApiCommand, messageType: string, channelId: string | null = null) =>
  e.embedApiCommandReceived({ command, messageType, channelId });
const posted = (channelId: string | null, state: WidgetState) =>
  `postToParent * ${JSON.stringify({ type: 'contextchange', source: 'embed', channelId, context: embedContextOf(state) })}`;

describe('the parent-page message interface is active only with embed-api=1 (spec 000 §2 Routes, §7)', () => {
  it('without the flag no message is recorded or obeyed and nothing is posted', () => {
    const { host, state } = run({
      ports: { location: 'http://localhost/embed/album/album1' },
      messages: '-c-p',
      messageValues: { c: msg({ type: 'api/connect', source: 'embed-api', channelId: 'ch' }), p: msg({ type: 'api/play', source: 'embed-api' }) },
      expected: '',
      outputs: {},
    });
    expect(host).toEqual([]);
    expect(state.embedApi).toEqual({ enabled: false, connected: false, channelId: null });
  });

  it('with the flag, the start-up records it (an adapter fact, for replay) and each raw message enters the store', () => {
    const { state } = run({
      messages: '-x',
      messageValues: { x: msg('hello') },
      expected: 'e(ri)',
      outputs: { e: e.embedApiEnabled(), r: received('hello'), i: e.embedApiMessageIgnored({ reason: 'not an object' }) },
    });
    expect(state.embedApi.enabled).toBe(true);
  });
});

describe('spec 000 §5: messages are accepted only as objects with a type and source embed-api', () => {
  it.each<[string, unknown, string]>([
    ['a string', 'api/play', 'not an object'],
    ['null', null, 'not an object'],
    ['an array', [{ type: 'api/play', source: 'embed-api' }], 'not an object'],
    ['another source', { type: 'api/play', source: 'embed' }, 'source: expected "embed-api", got "embed"'],
    ['no source', { type: 'api/play' }, 'source: expected "embed-api", got nothing'],
    ['no type', { source: 'embed-api' }, 'type: expected string, got nothing'],
    ['a type that is not a string', { type: 7, source: 'embed-api' }, 'type: expected string, got 7'],
  ])('%s is dropped with its reason: no state change, no playback, nothing posted', (_what, data, reason) => {
    const { host, state } = run({
      messages: '-x',
      messageValues: { x: msg(data) },
      expected: 'e(ri)',
      outputs: { e: e.embedApiEnabled(), r: received(data), i: e.embedApiMessageIgnored({ reason }) },
    });
    expect(host).toEqual([]);
    // The same session without the message ends in the same state.
    expect(state).toEqual(run({ expected: 'e', outputs: { e: e.embedApiEnabled() } }).state);
  });

  it('a payload JSON cannot hold (a cycle) is refused where it is read, with its reason, and not obeyed', () => {
    const cyclic: Record<string, unknown> = { type: 'api/play', source: 'embed-api' };
    cyclic.self = cyclic;
    const { host } = run({
      messages: '-x',
      messageValues: { x: msg(cyclic) },
      expected: 'er',
      outputs: { e: e.embedApiEnabled(), r: e.embedApiMessageRefused({ origin: PARENT, reason: 'the message.self is a cycle' }) },
    });
    expect(host).toEqual([]);
  });
});

describe('issue 12: the widget obeys only its parent, and only small plain messages', () => {
  const play = { type: 'api/play', source: 'embed-api' };
  const connect = { type: 'api/connect', source: 'embed-api', channelId: 'ch' };

  it('a command from another window (a sibling frame, a pop-up, an opener) is refused without its data and not obeyed', () => {
    const { host, state } = run({
      messages: '-cp',
      messageValues: {
        c: { origin: 'http://other.test', data: connect, fromParent: false },
        p: { origin: 'http://other.test', data: play, fromParent: false },
      },
      expected: 'ecp',
      outputs: {
        e: e.embedApiEnabled(),
        c: e.embedApiMessageRefused({ origin: 'http://other.test', reason: 'not from the parent window' }),
        p: e.embedApiMessageRefused({ origin: 'http://other.test', reason: 'not from the parent window' }),
      },
    });
    expect(host).toEqual([]);
    expect(state.embedApi).toEqual({ enabled: true, connected: false, channelId: null });
    expect(state.playback.isPlaying).toBe(false);
  });

  it('an oversized message (5 MB of text) and a __proto__ key are refused with a short reason; the parent is still obeyed after', () => {
    const huge = { ...play, text: 'x'.repeat(5 * 1024 * 1024) };
    const hostile = JSON.parse('{"type":"api/play","source":"embed-api","__proto__":{"polluted":true}}') as unknown;
    const { host } = run({
      messages: '-hpc',
      messageValues: { h: msg(huge), p: msg(hostile), c: msg({ type: 'api/context', source: 'embed-api' }) },
      expected: 'ehp(rkx)',
      outputs: {
        e: e.embedApiEnabled(),
        h: e.embedApiMessageRefused({ origin: PARENT, reason: 'larger than 4096 bytes as JSON (the message.text is a string of 5242880 characters)' }),
        p: e.embedApiMessageRefused({ origin: PARENT, reason: 'the message has a key named __proto__' }),
        r: received({ type: 'api/context', source: 'embed-api' }),
        k: command('context', 'api/context'),
        x: e.embedApiContextChangeDecided({ channelId: null, context: embedContextOf(initial) }),
      },
    });
    expect(host).toHaveLength(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('spec 000 §7 api/connect, api/context and unknown types', () => {
  it('api/connect stores the channelId and answers with the context at once (contextchange, source embed, to any origin)', () => {
    const { host, state } = run({
      messages: '-c',
      messageValues: { c: msg({ type: 'api/connect', source: 'embed-api', channelId: 'ch-1' }) },
      expected: 'e(rcx)',
      outputs: {
        e: e.embedApiEnabled(),
        r: received({ type: 'api/connect', source: 'embed-api', channelId: 'ch-1' }),
        c: command('connect', 'api/connect', 'ch-1'),
        x: e.embedApiContextChangeDecided({ channelId: 'ch-1', context: embedContextOf(initial) }),
      },
    });
    expect(state.embedApi).toEqual({ enabled: true, connected: true, channelId: 'ch-1' });
    expect(host).toEqual([posted('ch-1', initial)]);
    expect(embedContextOf(initial)).toEqual({
      uri: 'spotify:album:album1',
      href: 'https://open.test/album/album1',
      type: 'album',
      dominantColor: '#123456',
      isPlaying: false,
      currentTrack: { uri: 'spotify:track:track1', href: 'https://open.test/track/track1', name: 'Track 1' },
    });
  });

  it('api/context and an unknown type send the context immediately, even before a connect; nothing else changes', () => {
    const { host, state } = run({
      messages: '-k 9ms u',
      messageValues: {
        k: msg({ type: 'api/context', source: 'embed-api', channelId: 'mine' }),
        u: msg({ type: 'api/whatever', source: 'embed-api' }),
      },
      expected: 'e(rcx) 5ms (RCX)',
      outputs: {
        e: e.embedApiEnabled(),
        r: received({ type: 'api/context', source: 'embed-api', channelId: 'mine' }),
        c: command('context', 'api/context', 'mine'),
        x: e.embedApiContextChangeDecided({ channelId: 'mine', context: embedContextOf(initial) }),
        R: received({ type: 'api/whatever', source: 'embed-api' }),
        C: command('context', 'api/whatever'),
        X: e.embedApiContextChangeDecided({ channelId: null, context: embedContextOf(initial) }),
      },
    });
    expect(host).toEqual([posted('mine', initial), posted(null, initial)]);
    expect(state.embedApi).toEqual({ enabled: true, connected: false, channelId: null });
    expect(state.player.started).toBe(false);
  });

  it('a posting failure becomes embedApi/postFailed and the widget goes on', () => {
    const scheduler = testScheduler((x, y) => expect(x).toEqual(y));
    const ports = createFakePorts(scheduler, { location: API_PAGE });
    const host = ports.host as FakeHost;
    const failingPorts = { ...ports, host: { ...host, postToParent: () => throwError(() => new Error('parent gone')) } };
    scheduler.run(({ expectObservable }) => {
      scheduler.schedule(() => host.emitMessage(msg({ type: 'api/context', source: 'embed-api' })), 1);
      const actions = runWidget({ initialState: initial, ports: failingPorts }).pipe(
        map((env) => env.action),
        filter((act) => act.type.startsWith('embedApi/') && act.type !== 'embedApi/messageReceived'),
      );
      expectObservable(actions).toBe('e(cxf)', {
        e: e.embedApiEnabled(),
        c: command('context', 'api/context'),
        x: e.embedApiContextChangeDecided({ channelId: null, context: embedContextOf(initial) }),
        f: e.embedApiPostFailed({ message: 'parent gone' }),
      });
    });
  });
});

describe('spec 000 §7 api/play, api/stop, api/next, api/prev control playback; updates follow a connect', () => {
  const m = (type: string) => msg({ type, source: 'embed-api', channelId: 'ch' });
  const ctx = (isPlaying: boolean, track: number) =>
    e.embedApiContextChangeDecided({
      channelId: 'ch',
      context: {
        ...embedContextOf(initial),
        isPlaying,
        currentTrack: { uri: `spotify:track:track${track}`, href: `https://open.test/track/track${track}`, name: `Track ${track}` },
      },
    });

  it('connect, play (start, load, play), playing sends isPlaying, progress sends nothing, stop pauses, paused sends, next plays track 2', () => {
    const { host, state } = run({
      // connect at 1, play at 11, stop at 41, next at 61
      messages: '-c 9ms p 29ms s 19ms n',
      messageValues: { c: m('api/connect'), p: m('api/play'), s: m('api/stop'), n: m('api/next') },
      // playing at 21, a time update at 31, paused at 51, track 2 playing at 71
      facts: '21ms y 9ms u 19ms z 19ms Y',
      factValues: {
        y: a.mediaPlaying({ positionMs: 0 }),
        u: a.mediaTimeUpdated({ positionMs: 250 }),
        z: a.mediaPaused({ positionMs: 900 }),
        Y: a.mediaPlaying({ positionMs: 0 }),
      },
      expected: at([0, 'e'], [1, 'CKx'], [11, 'PQslg'], [21, 'TWX'], [31, 'u'], [41, 'SRh'], [51, 'ZV'], [61, 'NOLg'], [71, 'UWwv']),
      outputs: {
        e: e.embedApiEnabled(),
        C: received({ type: 'api/connect', source: 'embed-api', channelId: 'ch' }),
        K: command('connect', 'api/connect', 'ch'),
        x: ctx(false, 1),
        P: received({ type: 'api/play', source: 'embed-api', channelId: 'ch' }),
        Q: command('play', 'api/play', 'ch'),
        s: a.playerStarted(),
        l: load(1),
        g: a.playDecided(),
        T: a.playbackTrackChanged({ uri: 'spotify:track:track1', durationMs: 30000 }),
        W: a.playbackPlayed(),
        X: ctx(true, 1),
        u: a.playbackProgressed({ progress: 250 }),
        S: received({ type: 'api/stop', source: 'embed-api', channelId: 'ch' }),
        R: command('stop', 'api/stop', 'ch'),
        h: a.pauseDecided(),
        Z: a.playbackPaused(),
        V: ctx(false, 1),
        N: received({ type: 'api/next', source: 'embed-api', channelId: 'ch' }),
        O: command('next', 'api/next', 'ch'),
        L: load(2),
        U: a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 30000 }),
        // The track changes (paused still), then it plays: two changes, two updates.
        w: ctx(false, 2),
        v: ctx(true, 2),
      },
    });
    expect(host).toHaveLength(5);
    expect(state.playback).toMatchObject({ isPlaying: true, trackUri: 'spotify:track:track2' });
  });

  it('no update is sent before a connect, however the state changes', () => {
    const { host } = run({
      messages: '-p',
      messageValues: { p: m('api/play') },
      facts: '11ms y',
      factValues: { y: a.mediaPlaying({ positionMs: 0 }) },
      expected: at([0, 'e'], [1, 'PQslg'], [11, 'TW']),
      outputs: {
        e: e.embedApiEnabled(),
        P: received({ type: 'api/play', source: 'embed-api', channelId: 'ch' }),
        Q: command('play', 'api/play', 'ch'),
        s: a.playerStarted(),
        l: load(1),
        g: a.playDecided(),
        T: a.playbackTrackChanged({ uri: 'spotify:track:track1', durationMs: 30000 }),
        W: a.playbackPlayed(),
      },
    });
    expect(host).toEqual([]);
  });
});
