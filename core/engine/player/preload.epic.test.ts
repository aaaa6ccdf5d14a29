import { Subject, lastValueFrom, of, toArray } from 'rxjs';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import { listLoadRequested, listTrackFinished, navigationRequested, orderChanged, repeatChanged, trackLoadRequested } from '../lists/actions';
import { mediaCanPreload, mediaLoadRequested, mediaPreloadDropped, mediaPreloadRequested } from '../media/actions';
import { trackLoadActions } from './track.epic';
import type { EngineDeps, EngineState } from './deps';
import { nextFileId, nextTrackPreloadEpic } from './preload.epic';
import { engineState, planOf, stateMachine, trackUri } from './testing/engine-state';

// spec 001 §4 Media player: "A can-preload signal fires when 10 s or less remain"; its consumer asks
// for the file the list player will load at "track finish moves next (reason trackdone)".

const listOf = (count: number, index: number, changes: Partial<EngineState['list']> = {}) => ({
  status: 'playing' as const,
  tracks: Array.from({ length: count }, (_, i) => ({ uri: trackUri(i), playable: true })),
  order: Array.from({ length: count }, (_, i) => i),
  position: index,
  index,
  ...changes,
});

const playing = (index: number, list: Partial<EngineState['list']> = {}, preload?: EngineState['media']['preload']): EngineState =>
  engineState({
    player: { machine: stateMachine(3), trackIndex: index },
    list: listOf(3, index, list),
    media: { playId: 4, ...(preload === undefined ? {} : { preload }) },
  });

function run(state: EngineState, ...actions: Action[]): Promise<Action[]> {
  const state$ = Object.assign(new Subject<EngineState>(), { value: state }) as unknown as StateObservable<EngineState>;
  return lastValueFrom(nextTrackPreloadEpic(of(...actions), state$, {} as EngineDeps).pipe(toArray()));
}

describe('next track preload (spec 001 §4 can-preload, List player)', () => {
  it("names the next track's file, chosen as its load will choose it (by the bandwidth estimate)", () => {
    const load = trackLoadActions(trackLoadRequested({ index: 1, uri: trackUri(1), reason: 'trackdone' }), playing(0), 0).find(mediaLoadRequested.match);
    expect(load?.fileId).toMatch(/^f1-/);
    expect(nextFileId(playing(0))).toBe(load?.fileId);
    // The last track with repeat OFF: the list ends there, nothing to fetch.
    expect(nextFileId(playing(2))).toBeNull();
    // Repeat CONTEXT wraps; repeat TRACK loads the same track again.
    expect(nextFileId(playing(2, { repeat: 'CONTEXT' }))).toMatch(/^f0-/);
    expect(nextFileId(playing(1, { repeat: 'TRACK' }))).toMatch(/^f1-/);
    expect(nextFileId(engineState())).toBeNull();
  });

  it('a can-preload of the current load asks for the next file ahead; one of an older load is ignored', async () => {
    expect(await run(playing(0), mediaCanPreload({ playId: 4 }))).toEqual([mediaPreloadRequested({ playId: 4, fileId: nextFileId(playing(0)) ?? '' })]);
    expect(await run(playing(0), mediaCanPreload({ playId: 3 }))).toEqual([]);
    expect(await run(playing(2), mediaCanPreload({ playId: 4 }))).toEqual([]);
  });

  it('a skip, a new context, a shuffle or a repeat change drops what was fetched ahead; the track finishing does not', async () => {
    const fetched = playing(0, {}, { fileId: 'f1-96', ready: null });
    expect(
      await run(
        fetched,
        navigationRequested({ direction: 'next', reason: 'fwdbtn' }),
        listLoadRequested({ tracks: [], startIndex: 0 }),
        orderChanged({ shuffle: true, order: [2, 1, 0] }),
        repeatChanged({ mode: 'TRACK' }),
        listTrackFinished(),
      ),
    ).toEqual([
      mediaPreloadDropped({ reason: 'skip' }),
      mediaPreloadDropped({ reason: 'new context' }),
      mediaPreloadDropped({ reason: 'shuffle' }),
      mediaPreloadDropped({ reason: 'repeat' }),
    ]);
    // In the last 10 s, a new order fetches the new next file instead (can-preload came once, already).
    const late = engineState({
      player: { machine: stateMachine(3), trackIndex: 0 },
      list: listOf(3, 0, { order: [0, 2, 1] }),
      media: { playId: 4, status: 'playing', plan: planOf(60_000), positionMs: 55_000, preload: { fileId: 'f1-96', ready: null } },
    });
    expect(await run(late, orderChanged({ shuffle: true, order: [0, 2, 1] }))).toEqual([
      mediaPreloadDropped({ reason: 'shuffle' }),
      mediaPreloadRequested({ playId: 4, fileId: nextFileId(late) ?? '' }),
    ]);
    expect(nextFileId(late)).toMatch(/^f2-/);
    // Nothing fetched ahead: nothing to drop.
    expect(await run(playing(0), navigationRequested({ direction: 'next', reason: 'fwdbtn' }))).toEqual([]);
  });
});

describe('no preload into a video track (issue 18; issue 15 gapless is audio only)', () => {
  const withVideoNext = (index: number): EngineState =>
    engineState({
      player: {
        machine: stateMachine(3, {
          tracks: {
            [index + 1]: {
              manifest: { file_ids_mp4: [{ file_id: 'a-160', format: 'MP4_160', bitrate: 160000 }], manifest_ids_video: [{ manifest_id: 'src' }] },
            },
          },
        }),
        trackIndex: index,
      },
      list: listOf(3, index),
      media: { playId: 4 },
    });

  it.each<[string, boolean, boolean]>([
    ['an engine that plays video fetches nothing ahead for a video track', true, true],
    ['an engine without video fetches its audio file ahead, as for any track', false, false],
  ])('%s', (_rule, video, none) => {
    const fileId = nextFileId(withVideoNext(0), video);
    expect(fileId === null).toBe(none);
  });
});
