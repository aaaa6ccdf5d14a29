import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeMediaSource } from '../../../adapters/fake/fake-media-source';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import { playerInitFailed } from '../../contract';
import { LIST_PLAYER_NO_TRACK_PLAYER, PREVIEW_FALLBACK_CODES } from '../../contract';
import { clientInitialised, playContextRequested } from './actions';
import type { EngineDeps, EngineState } from './deps';
import { initialEngineState } from './index';
import { NO_TRACK_PLAYER, trackPlayerEpic } from './track-player.epic';

function run(unsupported: boolean): Action[] {
  const out: Action[] = [];
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ flush }) => {
    const action$ = new Subject<Action>();
    const state$ = Object.assign(new Subject<EngineState>(), { value: initialEngineState }) as unknown as StateObservable<EngineState>;
    const deps = { mediaSource: createFakeMediaSource(scheduler, [], { unsupported }), media: { mimeType: 'audio/mp4; codecs="mp4a.40.2"' } };
    trackPlayerEpic(action$, state$, deps as unknown as EngineDeps).subscribe((a) => out.push(a));
    action$.next(clientInitialised({ instanceId: 'i' }));
    action$.next(playContextRequested({ contextUri: 'spotify:album:a', index: 0, reason: 'playbtn' }));
    flush();
  });
  return out;
}

describe('no track player (spec 001 §8 List player, Reactions: an initialization failure that switches to preview)', () => {
  it('a browser that cannot play the media through MediaSource fails the initialization with the no-track-player code, once', () => {
    expect(run(true)).toEqual([playerInitFailed({ code: LIST_PLAYER_NO_TRACK_PLAYER, message: NO_TRACK_PLAYER })]);
    expect(PREVIEW_FALLBACK_CODES).toContain(LIST_PLAYER_NO_TRACK_PLAYER);
  });

  it('a browser that can play it initialises without a failure', () => {
    expect(run(false)).toEqual([]);
  });
});
