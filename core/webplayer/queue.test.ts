import type { RemoteState } from '../contract';
import type { Action } from '../store/action';
import {
  QUEUE_ADDED,
  QUEUE_NOTHING_PLAYING,
  engineEventReceived,
  initialWebPlayerState,
  lastCommand,
  rowPlayed,
  tracksSection,
  trackQueued,
  webPlayerReducer,
  type WebPlayerState,
  type WebTrack,
} from './index';

// spec 001 §4 Playback actions: add to queue from the web player's rows.

const row = (id: string): WebTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: `Song ${id}`,
  artists: [],
  album: null,
  imageUrl: null,
  durationMs: 200_000,
  previewUrl: `/preview/${id}.mp3`,
  playable: true,
});
const page = {
  path: '/album/a1',
  itemUri: 'spotify:album:a1',
  header: null,
  sections: [tracksSection('l', null, 'spotify:album:a1', [row('a'), row('b')], { album: false, cover: false }, '')],
};
const fold = (state: WebPlayerState, ...actions: Action[]) => actions.reduce(webPlayerReducer, state);
const queue = trackQueued({ uri: 'spotify:track:other', name: 'Other' });
const remote: RemoteState = {
  activeDeviceId: 'phone',
  devices: [
    { id: 'here', name: 'Web Player', type: 'computer', volume: 1, local: true },
    { id: 'phone', name: 'Phone', type: 'smartphone', volume: 1, local: false },
  ],
  playing: {
    uri: 'spotify:track:elsewhere',
    name: 'Elsewhere',
    artists: [],
    images: [],
    durationMs: 1000,
    positionMs: 0,
    paused: false,
    shuffle: false,
    repeat: 'OFF',
    contextUri: 'spotify:album:x',
    nextTracks: [],
    previousTracks: [],
  },
};

describe('add to queue on the web player (spec 001 §4 Playback actions)', () => {
  it.each<[string, WebPlayerState, unknown, string | undefined, string | null]>([
    [
      'a listener playing here: the engine is asked to queue the track (it finds where the queue is)',
      fold(initialWebPlayerState(page, true), rowPlayed({ section: 0, index: 0 })),
      { kind: 'queue', id: 'q2', uri: 'spotify:track:other' },
      `${QUEUE_ADDED}: Other`,
      null,
    ],
    [
      'a listener whose other device plays: the same command (the engine sends set_queue to that device)',
      fold(initialWebPlayerState(page, true), engineEventReceived({ event: { kind: 'remoteState', state: remote } })),
      { kind: 'queue', id: 'q1', uri: 'spotify:track:other' },
      `${QUEUE_ADDED}: Other`,
      null,
    ],
    ['a listener with nothing playing: no command, the notice says why', initialWebPlayerState(page, true), undefined, QUEUE_NOTHING_PLAYING, null],
    ['an anonymous visitor (previews): the log-in page is offered', initialWebPlayerState(page, false), undefined, undefined, 'play'],
  ])('%s', (_name, before, command, notice, offer) => {
    const after = fold(before, queue);
    expect(lastCommand(after)?.command === lastCommand(before)?.command ? undefined : lastCommand(after)?.command).toEqual(command);
    expect(after.queueNotice?.text).toBe(notice);
    expect(after.loginOffer).toBe(offer);
  });

  it('each add is its own command, in the order added', () => {
    const playing = fold(initialWebPlayerState(page, true), rowPlayed({ section: 0, index: 0 }));
    const after = fold(playing, trackQueued({ uri: 'spotify:track:x1', name: 'X1' }), trackQueued({ uri: 'spotify:track:x2', name: 'X2' }));
    expect(after.commands.slice(-2).map((c) => c.command)).toEqual([
      { kind: 'queue', id: 'q2', uri: 'spotify:track:x1' },
      { kind: 'queue', id: 'q3', uri: 'spotify:track:x2' },
    ]);
  });
});
