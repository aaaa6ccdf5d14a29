import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeMediaSource } from '../../../adapters/fake/fake-media-source';
import type { Action } from '../../store/action';
import type { StateObservable } from '../../store/store';
import { localVolumeChanged, remoteVolumeSet } from '../device/actions';
import type { EngineDeps, EngineState } from './deps';
import { initialEngineState } from './index';
import { volumeEpic } from './volume.epic';

describe('the engine element follows the device volume (spec 001 §4 Commands set volume; Device service client set_volume)', () => {
  it('a local volume change and a remote set_volume each set the element volume', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      const calls: string[] = [];
      const mediaSource = createFakeMediaSource(scheduler, calls);
      const action$ = new Subject<Action>();
      const state$ = Object.assign(new Subject<EngineState>(), { value: initialEngineState }) as unknown as StateObservable<EngineState>;
      const out: Action[] = [];
      volumeEpic(action$, state$, { mediaSource } as unknown as EngineDeps).subscribe((a) => out.push(a));
      action$.next(localVolumeChanged({ volume: 0.25 }));
      action$.next(remoteVolumeSet({ volume: 0.5, commandId: null }));
      flush();
      expect(calls).toEqual(['volume 0.25', 'volume 0.5']);
      expect(out).toEqual([]);
    });
  });
});
