import { filter, map, of, throwError } from 'rxjs';
import { createFakePorts } from '../../../adapters/fake';
import type { Action } from '../../store/action';
import type { Ports } from '../../ports';
import { pauseDecided } from '../actions';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { testScheduler } from '../testing/marbles';
import { runWidget } from '../testing/run-widget';
import * as s from './actions';
import { goUrl } from '../links';

const PAGE = 'http://127.0.0.1:8080/embed/album/album1';
const anonymous = initialWidgetState(albumData());
const OPEN = 'https://open.test/album/album1';

interface Run {
  readonly ui: string;
  readonly uiValues: Record<string, Action>;
  readonly expected: string;
  readonly outputs: Record<string, Action>;
  readonly initial?: WidgetState;
  readonly patchPorts?: (ports: Ports) => Ports;
}

/** The whole widget under virtual time; emits share/ actions and the pause decision. */
function run(r: Run): { host: string[]; state: WidgetState } {
  const scheduler = testScheduler((x, y) => expect(x).toEqual(y));
  const fake = createFakePorts(scheduler, { location: PAGE });
  const ports = r.patchPorts ? r.patchPorts(fake) : fake;
  const initialState = r.initial ?? anonymous;
  let state = initialState;
  scheduler.run(({ hot, expectObservable }) => {
    const envelopes = runWidget({ initialState, ports, ui: hot(r.ui, r.uiValues), onStore: (store) => store.subscribe(() => (state = store.getState())) });
    const actions = envelopes.pipe(
      map((env) => env.action),
      filter((act) => act.type.startsWith('share/') || act.type === 'preview/pauseDecided' || act.type === 'widget/playOnDesktopRequested'),
    );
    expectObservable(actions).toBe(r.expected, r.outputs);
  });
  return { host: fake.calls.host.filter((line) => !line.startsWith('postToParent')), state };
}

const EMBED = '<iframe src="https://open.test/embed/album/album1" width="300" height="380" frameborder="0" allow="encrypted-media"></iframe>';

describe('share dialog epics (spec 000 §2 Share dialog, §7 Links built)', () => {
  it('copy link puts the URL on the clipboard, then (the clipboard answers a turn later) the confirmation view', () => {
    const { host, state } = run({
      ui: 'o 9ms c',
      uiValues: { o: s.shareOpenRequested(), c: s.shareCopyLinkClicked({ text: OPEN }) },
      expected: 'o 9ms (cd)',
      outputs: { o: s.shareOpenRequested(), c: s.shareCopyLinkClicked({ text: OPEN }), d: s.shareCopied({ what: 'link' }) },
    });
    expect(host).toEqual([`writeClipboard ${OPEN}`]);
    expect(state.share.view).toBe('copied');
  });

  it('copy embed code puts the iframe snippet on the clipboard', () => {
    const { host, state } = run({
      ui: 'o 9ms c',
      uiValues: { o: s.shareOpenRequested(), c: s.shareCopyEmbedCodeClicked({ text: EMBED }) },
      expected: 'o 9ms (cd)',
      outputs: { o: s.shareOpenRequested(), c: s.shareCopyEmbedCodeClicked({ text: EMBED }), d: s.shareCopied({ what: 'embedCode' }) },
    });
    expect(host).toEqual([`writeClipboard ${EMBED}`]);
    expect(state.share.view).toBe('copied');
  });

  it('spec 000 §7 "Clipboard failures are not handled": recorded as share/copyFailed, the view stays on share', () => {
    const { state } = run({
      ui: 'o c',
      uiValues: { o: s.shareOpenRequested(), c: s.shareCopyLinkClicked({ text: OPEN }) },
      expected: 'o (cf)',
      outputs: { o: s.shareOpenRequested(), c: s.shareCopyLinkClicked({ text: OPEN }), f: s.shareCopyFailed({ what: 'link', err: 'denied' }) },
      patchPorts: (ports) => ({ ...ports, host: { ...ports.host, writeClipboard: () => throwError(() => new Error('denied')) } }),
    });
    expect(state.share.view).toBe('share');
  });

  it('close hides the dialog and the next open shows the share view again', () => {
    const { state } = run({
      ui: 'o 9ms c 9ms x 9ms o',
      uiValues: { o: s.shareOpenRequested(), c: s.shareCopyLinkClicked({ text: OPEN }), x: s.shareCloseRequested() },
      // A group takes as many frames as its characters: (cd) ends at frame 14.
      expected: 'o 9ms (cd) 6ms x 9ms o',
      outputs: { o: s.shareOpenRequested(), c: s.shareCopyLinkClicked({ text: OPEN }), d: s.shareCopied({ what: 'link' }), x: s.shareCloseRequested() },
    });
    expect(state.share.view).toBe('share');
  });

  it('a share target opens its window, synchronously in the click, with the features it carries', () => {
    const sized = s.shareTargetClicked({
      target: 'twitter',
      url: 'https://twitter.com/intent/tweet?url=x&hashtags=NowPlaying',
      features: 'width=640,height=300',
    });
    const tab = s.shareTargetClicked({ target: 'whatsapp', url: 'https://api.whatsapp.com/send?text=x', features: null });
    const { host } = run({
      ui: 'a 9ms b',
      uiValues: { a: sized, b: tab },
      expected: '(aw) 6ms (bv)',
      outputs: { a: sized, b: tab, w: s.shareWindowOpened({ target: 'twitter', opened: true }), v: s.shareWindowOpened({ target: 'whatsapp', opened: true }) },
    });
    expect(host).toEqual([
      'open https://twitter.com/intent/tweet?url=x&hashtags=NowPlaying _blank width=640,height=300',
      'open https://api.whatsapp.com/send?text=x _blank',
    ]);
  });

  it('a window the browser refuses (popup blocker) is recorded as not opened (spec 000 §7: not handled)', () => {
    const click = s.shareTargetClicked({ target: 'facebook', url: 'https://www.facebook.com/sharer/sharer.php?u=x', features: null });
    run({
      ui: 'a',
      uiValues: { a: click },
      expected: '(aw)',
      outputs: { a: click, w: s.shareWindowOpened({ target: 'facebook', opened: false }) },
      patchPorts: (ports) => ({ ...ports, host: { ...ports.host, open: () => of(false) } }),
    });
  });
});

describe('playOnDesktopEpic (spec 000 §4 PLAY_ON_DESKTOP, §7 Desktop hand-off)', () => {
  const GO = goUrl(anonymous.config.hosts, anonymous.resourceUri, false);

  it('pauses playback, then opens the /go window the button built (anonymous: with the sign-up redirect)', () => {
    expect(GO).toMatch(/^https:\/\/open\.test\/go\?uri=spotify%3Aalbum%3Aalbum1&product=embed_v2&redirect=/);
    const playing: WidgetState = { ...anonymous, playback: { ...anonymous.playback, isPlaying: true } };
    const { host } = run({
      initial: playing,
      ui: 'd',
      uiValues: { d: s.playOnDesktopRequested({ url: GO }) },
      expected: '(dpw)',
      outputs: { d: s.playOnDesktopRequested({ url: GO }), p: pauseDecided(), w: s.shareWindowOpened({ target: 'go', opened: true }) },
    });
    expect(host.filter((line) => line.startsWith('open '))).toEqual([`open ${GO} _blank`]);
  });

  it('nothing to pause when not playing: only the window', () => {
    const { host } = run({
      ui: 'd',
      uiValues: { d: s.playOnDesktopRequested({ url: GO }) },
      expected: '(dw)',
      outputs: { d: s.playOnDesktopRequested({ url: GO }), w: s.shareWindowOpened({ target: 'go', opened: true }) },
    });
    expect(host).toEqual([`open ${GO} _blank`]);
  });
});
