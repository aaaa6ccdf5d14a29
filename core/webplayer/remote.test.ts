import { TestScheduler } from 'rxjs/testing';
import { share, tap } from 'rxjs';
import type { RemoteState } from '../contract';
import type { Action } from '../store/action';
import { playerReducer } from './player';
import {
  deviceChosen,
  devicesToggled,
  remoteControlStarted,
  remotePositionTicked,
  selectShownOptions,
  selectShownVolume,
  webPlayerRemoteTickEpic,
  withRemoteControl,
} from './remote';
import { initialWebPlayerState } from './reducer';
import { tracksSection } from './sections';
import {
  engineEventReceived,
  nextRequested,
  playToggled,
  repeatCycled,
  seekRequested,
  shuffleToggled,
  volumeRequested,
  type WebPlayerState,
  type WebTrack,
  lastCommand,
} from './state';

const reduce = withRemoteControl(playerReducer);
const fold = (state: WebPlayerState, ...actions: Action[]) => actions.reduce(reduce, state);

const row = (id: string): WebTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: id,
  artists: [],
  album: null,
  imageUrl: null,
  durationMs: 200_000,
  previewUrl: null,
  playable: true,
});
const page = {
  path: '/album/a',
  itemUri: 'spotify:album:a',
  header: null,
  sections: [tracksSection('l', null, 'spotify:album:a', [row('t1')], { album: false, cover: false }, '')],
};
const listener = () => initialWebPlayerState(page, true);

const here = { id: 'here', name: 'Web Player (Chrome)', type: 'computer', volume: 1, local: true };
const embed = { id: 'embed', name: 'Web Player (Chrome) embed', type: 'computer', volume: 0.8, local: false };
const playing = {
  uri: 'spotify:track:elsewhere',
  name: 'Elsewhere',
  artists: ['Ann'],
  images: [
    { url: '/640.jpg', width: 640, height: 640 },
    { url: '/64.jpg', width: 64, height: 64 },
  ],
  durationMs: 180_000,
  positionMs: 30_000,
  paused: false,
  shuffle: false,
  repeat: 'OFF' as const,
  contextUri: 'spotify:album:x',
  nextTracks: [],
  previousTracks: [],
};
const cluster = (state: Partial<RemoteState>) =>
  engineEventReceived({ event: { kind: 'remoteState', state: { activeDeviceId: 'embed', devices: [here, embed], playing, ...state } } });
const commandOf = (state: WebPlayerState) => lastCommand(state)?.command;

describe("the web player's controller (issue 16 The controller: the device picker and the remote view in the player bar)", () => {
  it('spec 001 §4 Shuffle is off for shows: while another device plays a show, the shuffle press sends nothing', () => {
    const show = fold(listener(), cluster({ playing: { ...playing, uri: 'spotify:episode:e1', contextUri: 'spotify:show:s1' } }));
    const before = show.commands.length;
    const pressed = fold(show, shuffleToggled());
    expect(pressed.commands).toHaveLength(before);
    expect(selectShownOptions(pressed).shuffle).toBe(false);
    // An album on that device still shuffles.
    expect(commandOf(fold(listener(), cluster({}), shuffleToggled()))).toMatchObject({ kind: 'remote', endpoint: 'set_shuffling_context' });
  });

  it("a listener's page follows their devices from its start; an anonymous visitor's never", () => {
    expect(commandOf(fold(listener(), remoteControlStarted()))).toEqual({ kind: 'observe' });
    expect(fold(initialWebPlayerState(page, false), remoteControlStarted()).commands).toEqual([]);
  });

  it('while another device plays, the bar shows its track, cover, position and playing state', () => {
    const state = fold(listener(), cluster({}));
    expect(state.player).toMatchObject({ playing: true, positionMs: 30_000, durationMs: 180_000, contextUri: 'spotify:album:x' });
    expect(state.player.current).toMatchObject({
      uri: 'spotify:track:elsewhere',
      name: 'Elsewhere',
      artists: [{ name: 'Ann', href: null }],
      imageUrl: '/64.jpg',
    });
    expect(selectShownVolume(state)).toBe(0.8);
    expect(fold(state, remotePositionTicked({ positionMs: 31_000 })).player.positionMs).toBe(31_000);
  });

  it.each<[string, Action, unknown]>([
    ['play/pause pauses the other device', playToggled(), { kind: 'remote', id: 'w1', endpoint: 'pause', args: {} }],
    ['next skips there', nextRequested(), { kind: 'remote', id: 'w1', endpoint: 'skip_next', args: {} }],
    ['a seek seeks there', seekRequested({ positionMs: 40_000 }), { kind: 'remote', id: 'w1', endpoint: 'seek_to', args: { position_ms: 40_000 } }],
    ['the volume is its volume', volumeRequested({ volume: 0.3 }), { kind: 'remote', id: 'w1', endpoint: 'volume', args: { volume: 0.3 } }],
    ['choosing this browser moves playback here', deviceChosen({ deviceId: 'here' }), { kind: 'transfer', id: 'w1', deviceId: 'here' }],
  ])("while another device plays, the bar's controls drive it: %s", (_name, action, command) => {
    expect(commandOf(fold(listener(), cluster({}), action))).toEqual(command);
  });

  it("while playback is here the controls are this engine's, and the list still transfers", () => {
    const state = fold(listener(), cluster({ activeDeviceId: 'here' }));
    expect(commandOf(fold(state, playToggled()))).toEqual({ kind: 'play', contextUri: 'spotify:album:a', index: 0 });
    expect(commandOf(fold(state, playToggled(), nextRequested()))).toEqual({ kind: 'next' });
    expect(commandOf(fold(state, deviceChosen({ deviceId: 'embed' })))).toEqual({ kind: 'transfer', id: 'w1', deviceId: 'embed' });
  });

  it('the devices button opens the list (and follows the devices), a choice closes it; ids go on', () => {
    const open = fold(listener(), devicesToggled());
    expect(open.remote?.listOpen).toBe(true);
    expect(commandOf(open)).toEqual({ kind: 'observe' });
    const chosen = fold(open, cluster({}), deviceChosen({ deviceId: 'here' }), cluster({ activeDeviceId: 'here' }), deviceChosen({ deviceId: 'embed' }));
    expect(chosen.remote?.listOpen).toBe(false);
    expect(commandOf(chosen)).toEqual({ kind: 'transfer', id: 'w2', deviceId: 'embed' });
  });

  it('when playback leaves the other device for none, the bar stops; when it comes here, the engine takes over', () => {
    const there = fold(listener(), cluster({}));
    expect(fold(there, cluster({ activeDeviceId: null, playing: null })).player.playing).toBe(false);
    expect(fold(there, cluster({ activeDeviceId: 'here' })).player.playing).toBe(true);
  });

  it('the position advances on the scheduler from the cluster while the other device plays, not while paused (no polling)', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, expectObservable }) => {
      let state = listener();
      const action$ = cold('a 3499ms b', { a: cluster({}), b: cluster({ playing: { ...playing, positionMs: 33_500, paused: true } }) }).pipe(
        tap((a) => {
          state = reduce(state, a);
        }),
        share(),
      );
      const state$ = {
        get value() {
          return { webplayer: state };
        },
      };
      expectObservable(webPlayerRemoteTickEpic(action$, state$ as never, { preview: {} as never, scheduler })).toBe('1000ms x 999ms y 999ms z', {
        x: remotePositionTicked({ positionMs: 31_000 }),
        y: remotePositionTicked({ positionMs: 32_000 }),
        z: remotePositionTicked({ positionMs: 33_000 }),
      });
    });
  });

  describe("the web player bar's shuffle and repeat (spec 001 §3 shuffle, repeat modes OFF, CONTEXT, TRACK)", () => {
    it("locally: shuffle toggles this engine's shuffle, repeat steps off, context, track, off; the options event sets what the bar shows", () => {
      let state = listener();
      const shuffled = reduce(state, shuffleToggled());
      expect(commandOf(shuffled)).toEqual({ kind: 'shuffle', shuffle: true });
      expect(selectShownOptions(shuffled).shuffle).toBe(true);
      const modes: unknown[] = [];
      for (let i = 0; i < 3; i += 1) {
        state = reduce(state, repeatCycled());
        modes.push(commandOf(state));
      }
      expect(modes).toEqual([
        { kind: 'repeat', mode: 'CONTEXT' },
        { kind: 'repeat', mode: 'TRACK' },
        { kind: 'repeat', mode: 'OFF' },
      ]);
      const reported = reduce(state, engineEventReceived({ event: { kind: 'options', shuffle: true, repeat: 'TRACK' } }));
      expect(selectShownOptions(reported)).toEqual({ shuffle: true, repeat: 'TRACK' });
    });

    it('an anonymous visitor (previews) has no engine options: the presses send nothing', () => {
      const visitor = initialWebPlayerState(page, false);
      expect(fold(visitor, shuffleToggled(), repeatCycled()).commands).toEqual([]);
    });

    it("while another device plays: its cluster's options are shown, and the presses become spec 001 §7 set_shuffling_context / set_repeating_*", () => {
      const remote = fold(listener(), cluster({ playing: { ...playing, shuffle: false, repeat: 'CONTEXT' } }));
      expect(selectShownOptions(remote)).toEqual({ shuffle: false, repeat: 'CONTEXT' });
      const shuffled = reduce(remote, shuffleToggled());
      expect(commandOf(shuffled)).toEqual({ kind: 'remote', id: 'w1', endpoint: 'set_shuffling_context', args: { value: true } });
      expect(shuffled.player.shuffle).toBe(false);
      const before = lastCommand(shuffled)?.seq ?? 0;
      const repeated = reduce(shuffled, repeatCycled());
      // CONTEXT → TRACK: two commands (spec 001 §5 repeat mode in the controller), numbered after the shuffle's.
      // Both stay queued for the UI to send (it sends every number it has not sent): the first is not overwritten.
      expect(repeated.commands.slice(-2)).toEqual([
        { seq: before + 1, command: { kind: 'remote', id: 'w2', endpoint: 'set_repeating_context', args: { value: true } } },
        { seq: before + 2, command: { kind: 'remote', id: 'w3', endpoint: 'set_repeating_track', args: { value: true } } },
      ]);
      expect(repeated.player.repeat).toBe('OFF');
    });
  });
});
