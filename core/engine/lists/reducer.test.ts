import * as A from './actions';
import { NavigationReason } from './constants';
import { emptyList } from './list-player';
import { listReducer } from './reducer';

describe('list player states (spec 001 §4: no list, list loaded, track loading, playing or paused, list ended (cleared))', () => {
  it('walks the states in order', () => {
    const steps = [
      A.listLoadRequested({ tracks: [{ uri: 'a', playable: true }], startIndex: 0 }),
      A.trackLoadRequested({ index: 0, uri: 'a', reason: 'playbtn' }),
      A.listTrackPlaying(),
      A.listTrackPaused(),
      A.listEnded(),
    ];
    const statuses: string[] = [];
    steps.reduce((s, a) => {
      const next = listReducer(s, a);
      statuses.push(next.status);
      return next;
    }, emptyList);
    expect(statuses).toEqual(['listLoaded', 'trackLoading', 'playing', 'paused', 'noList']);
  });

  it('playback facts without a list change nothing', () => {
    expect(listReducer(emptyList, A.listTrackPlaying())).toBe(emptyList);
    expect(listReducer(emptyList, A.listTrackFailed({ allowsNext: true }))).toBe(emptyList);
  });

  it('a new list starts a new error count (errors are counted per list)', () => {
    const failing = { ...emptyList, status: 'paused' as const, errors: 4 };
    expect(listReducer(failing, A.listLoadRequested({ tracks: [], startIndex: 0 })).errors).toBe(0);
  });
});

describe('navigation reasons (spec 001 §4 List player)', () => {
  it('are the fourteen reasons of the spec', () => {
    expect(Object.keys(NavigationReason.keys)).toEqual([
      'appload',
      'backbtn',
      'clickrow',
      'clickside',
      'endplay',
      'fwdbtn',
      'logout',
      'playbtn',
      'popup',
      'remote',
      'trackdone',
      'trackerror',
      'unknown',
      'uriopen',
    ]);
  });
});
