import type { Action } from '../../store/action';
import * as a from './actions';
import { chainable, mediaReducer } from './reducer';
import { videoSegmentAppended, videoSourceChosen, videoStarted } from '../video/actions';
import { initialMediaState, type MediaState } from './state';

const fold = (actions: readonly Action[], from: MediaState = initialMediaState): MediaState => actions.reduce(mediaReducer, from);
const LOAD = a.mediaLoadRequested({ fileId: 'f1', protected: true, isAd: false, startMs: 8000, autoplay: true });
const TABLE = a.seekTableLoaded({
  playId: 1,
  offset: 100,
  timescale: 1000,
  segments: [
    [500, 10000],
    [500, 10000],
  ],
  protection: 'cenc',
});
const fact = (kind: ReturnType<typeof a.mediaElementFact>['kind'], positionMs: number, bufferedEndMs = positionMs) =>
  a.mediaElementFact({ kind, positionMs, durationMs: 20000, bufferedEndMs, errorCode: kind === 'error' ? 3 : null });
/** A load whose source is open, URLs resolved and seek table read (its duration set on the source). */
const READY = [
  LOAD,
  a.mediaSourceOpened({ playId: 1 }),
  a.storageResolved({ playId: 1, urls: ['u'], expiresAt: null }),
  TABLE,
  a.bufferUpdateEnded({ playId: 1, bufferedEndMs: 8000 }),
];

describe('media reducer: play ids (spec 001 §4: each load increments the play id; stale steps are dropped)', () => {
  it('each load increments the play id and starts from its start position', () => {
    const state = fold([LOAD, LOAD]);
    expect(state.playId).toBe(2);
    expect([state.status, state.positionMs, state.track?.fileId]).toEqual(['loading', 8000, 'f1']);
  });

  it.each([
    ['storageResolved', a.storageResolved({ playId: 1, urls: ['old'], expiresAt: null }), (s: MediaState) => s.resolved],
    ['seekTableLoaded', { ...TABLE, playId: 1 }, (s: MediaState) => s.plan],
    ['sourceOpened', a.mediaSourceOpened({ playId: 1 }), (s: MediaState) => s.queue.open],
    ['failed', a.mediaPlayerFailed({ playId: 1, code: 'X', message: 'x', fatal: false, detail: null }), (s: MediaState) => s.lastError],
    ['ended', a.mediaTrackEnded({ playId: 1, synthesised: true }), (s: MediaState) => s.status],
  ])('a %s of the previous load changes nothing', (_name, step, read) => {
    const before = fold([LOAD, LOAD]);
    expect(read(mediaReducer(before, step))).toEqual(read(before));
  });
});

describe('media reducer: a pause or play during the load (spec 001 §4: autoplay if requested)', () => {
  it('a pause before the metadata is loaded keeps the load from starting; a play afterwards lets it start', () => {
    const paused = fold([LOAD, a.mediaPauseRequested()]);
    expect(paused.track?.autoplay).toBe(false);
    expect(fold([a.mediaPlayRequested()], paused).track?.autoplay).toBe(true);
  });

  it('once playing, a pause leaves the load as it was (the element pauses)', () => {
    const playing = fold([...READY, fact('playing', 8000)]);
    expect(mediaReducer(playing, a.mediaPauseRequested()).track).toBe(playing.track);
  });
});

describe('media reducer: the source buffer (spec 001 §4 Source buffer)', () => {
  it('updates wait for the source to open, then run one at a time', () => {
    const fetched = a.fragmentFetched({ playId: 1, clears: 0, index: -1, key: 'k0', bytes: 100, elapsedMs: 10 });
    const waiting = fold([LOAD, fetched]);
    expect([waiting.started, waiting.queue.pending.length]).toEqual([null, 1]);
    const open = mediaReducer(waiting, a.mediaSourceOpened({ playId: 1 }));
    expect(open.started?.operation).toEqual({ kind: 'append', data: 'k0' });
    const second = mediaReducer(open, a.fragmentFetched({ playId: 1, clears: 0, index: 0, key: 'k1', bytes: 500, elapsedMs: 10 }));
    expect(second.started?.seq).toBe(open.started?.seq);
    const next = mediaReducer(second, a.bufferUpdateEnded({ playId: 1, bufferedEndMs: 0 }));
    expect(next.started?.operation).toEqual({ kind: 'append', data: 'k1' });
  });

  it('a seek clears the buffer, moves the playhead and forgets what was fetched; a fragment fetched before it is dropped', () => {
    const before = fold([...READY, a.fragmentFetched({ playId: 1, clears: 0, index: 0, key: 'k', bytes: 500, elapsedMs: 10 })]);
    const sought = mediaReducer(before, a.mediaSeekRequested({ positionMs: 15000 }));
    expect([sought.positionMs, sought.bufferedEndMs, sought.fetched, sought.queue.clears]).toEqual([15000, 15000, [], 1]);
    const late = mediaReducer(sought, a.fragmentFetched({ playId: 1, clears: 0, index: 1, key: 'late', bytes: 500, elapsedMs: 10 }));
    expect(late).toBe(sought);
  });

  it("the seek table's duration goes to the source first (issue 13: without it a seek past the buffered end lands on that end)", () => {
    const state = fold([LOAD, a.mediaSourceOpened({ playId: 1 }), TABLE]);
    expect(state.started?.operation).toEqual({ kind: 'duration', durationMs: 20000 });
  });

  it('a seek before the source opens clears the buffer and still sets the duration after the clear', () => {
    const sought = fold([LOAD, TABLE, a.mediaSeekRequested({ positionMs: 15000 }), a.mediaSourceOpened({ playId: 1 })]);
    expect(sought.started?.operation).toEqual({ kind: 'clear' });
    const next = mediaReducer(sought, a.bufferUpdateEnded({ playId: 1, bufferedEndMs: 15000 }));
    expect(next.started?.operation).toEqual({ kind: 'duration', durationMs: 20000 });
  });

  it('a rebuffer removes what is behind the playhead and forgets what was fetched', () => {
    const before = fold([
      ...READY,
      a.fragmentFetched({ playId: 1, clears: 0, index: 0, key: 'k', bytes: 500, elapsedMs: 10 }),
      a.bufferUpdateEnded({ playId: 1, bufferedEndMs: 10000 }),
    ]);
    const after = mediaReducer(before, a.rebufferRequested({ playId: 1 }));
    expect(after.fetched).toEqual([]);
    expect(after.started?.operation).toEqual({ kind: 'remove', startMs: 0, endMs: 8000 });
  });

  it('the end of stream is queued once', () => {
    const state = fold([...READY, a.endOfStreamRequested({ playId: 1, clears: 0 })]);
    expect([state.endOfStream, state.started?.operation]).toEqual([true, { kind: 'end-of-stream' }]);
  });
});

describe('media reducer: element facts and outcomes', () => {
  it.each([
    ['playing', 'playing'],
    ['pause', 'paused'],
    ['waiting', 'buffering'],
    ['timeupdate', 'playing'],
  ] as const)('once playing, a %s fact makes the status %s and moves the playhead', (kind, status) => {
    const state = mediaReducer(fold([LOAD, fact('playing', 8000)]), fact(kind, 9000, 12000));
    expect([state.status, state.positionMs, state.bufferedEndMs]).toEqual([status, 9000, 12000]);
  });

  it("while loading, the element's position (before its seek to the start) is not the player's; playing is", () => {
    expect(mediaReducer(fold([LOAD]), fact('timeupdate', 0)).positionMs).toBe(8000);
    expect(mediaReducer(fold([LOAD]), fact('playing', 8001)).positionMs).toBe(8001);
  });

  it("ended stays ended through the element's pause, and a seek back makes it paused", () => {
    const ended = fold([LOAD, fact('playing', 1), a.mediaTrackEnded({ playId: 1, synthesised: true })]);
    expect(mediaReducer(ended, fact('pause', 20000)).status).toBe('ended');
    expect(mediaReducer(ended, a.mediaSeekRequested({ positionMs: 0 })).status).toBe('paused');
  });

  it('a failed load stays failed through later facts', () => {
    const state = fold([
      LOAD,
      a.mediaPlayerFailed({ playId: 1, code: 'MEDIA_DECODING_ERROR', message: 'Media decoding error.', fatal: false, detail: null }),
      fact('playing', 1),
    ]);
    expect(state.status).toBe('failed');
    expect(state.lastError).toEqual({ code: 'MEDIA_DECODING_ERROR', message: 'Media decoding error.' });
  });

  it('spec 001 §4 fatal-on-next: a stop after a decode error on a protected track sets the flag; the next error consumes it', () => {
    const decode = a.mediaPlayerFailed({ playId: 1, code: 'MEDIA_DECODING_ERROR', message: 'Media decoding error.', fatal: false, detail: null });
    const stopped = fold([LOAD, decode, a.mediaStopRequested()]);
    expect(stopped.fatalOnNext.fatalOnNext).toBe(true);
    const next = fold([LOAD, a.mediaPlayerFailed({ playId: 2, code: 'MEDIA_NETWORK_ERROR', message: 'Network error.', fatal: true, detail: null })], stopped);
    expect(next.fatalOnNext).toEqual({ lastErrorQualifies: false, fatalOnNext: false });
  });

  it('spec 001 §9 Estimator: fetched fragments are sampled; the estimate carries over to the next load', () => {
    const state = fold([...READY, a.fragmentFetched({ playId: 1, clears: 0, index: 0, key: 'k', bytes: 200000, elapsedMs: 1000 }), LOAD]);
    expect(state.bandwidth.bytesSampled).toBe(200000);
  });

  it('the pause event pauses, ended ends', () => {
    expect(fold([LOAD, fact('playing', 1), a.mediaPausedEvent({ playId: 1 })]).status).toBe('paused');
    expect(fold([LOAD, fact('playing', 1), a.mediaTrackEnded({ playId: 1, synthesised: true })]).status).toBe('ended');
  });
});

describe('media reducer: video tracks (issue 18; spec 001 §3 manifest_ids_video)', () => {
  const VIDEO_LOAD = [
    videoSourceChosen({ sourceId: 'src' }),
    a.mediaLoadRequested({ fileId: 'src', protected: true, isAd: false, startMs: 0, autoplay: true }),
  ];
  const started = videoStarted({
    playId: 1,
    sourceId: 'src',
    videoCodec: 'avc1.4d401f',
    videoProfile: 1,
    audioProfile: 10,
    width: 426,
    height: 240,
    bitrate: 278000,
    durationMs: 22000,
    subtitles: [],
  });

  it('the chosen source marks the next load only; its duration comes with the video', () => {
    const loaded = fold([...VIDEO_LOAD, started]);
    expect(loaded.track?.video).toBe('src');
    expect(loaded.nextVideo).toBeUndefined();
    expect(loaded.plan?.durationMs).toBe(22000);
    expect(fold([...VIDEO_LOAD, LOAD]).track?.video).toBeUndefined();
  });

  it("a seek moves the position without clearing anything (streamVideo's buffers are its own)", () => {
    const seeked = fold([...VIDEO_LOAD, started, a.mediaSeekRequested({ positionMs: 16000 })]);
    expect(seeked.positionMs).toBe(16000);
    expect(seeked.queue.pending).toEqual([]);
    expect(seeked.started).toBeNull();
  });

  it("spec 001 §9 Estimator: the video's segments are samples", () => {
    const sampled = fold([
      ...VIDEO_LOAD,
      started,
      videoSegmentAppended({ playId: 1, cdn: 'c', buffer: 'video', profile: 1, index: 0, bytes: 200000, elapsedMs: 100 }),
    ]);
    expect(sampled.bandwidth).not.toEqual(initialMediaState.bandwidth);
  });

  it('issue 15: nothing is chained out of a video track', () => {
    const ready = { resolved: { urls: ['u'] }, table: { offset: 1, timescale: 1000, segments: [], protection: 'cenc' }, initKey: 'i', fragmentKey: 'f' };
    expect(chainable({ fileId: 'src', protected: true, isAd: false, startMs: 0, autoplay: true, video: 'src' }, ready)).toBe(false);
    expect(chainable({ fileId: 'f', protected: true, isAd: false, startMs: 0, autoplay: true }, ready)).toBe(true);
  });
});
