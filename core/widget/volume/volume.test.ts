import { throwError } from 'rxjs';
import { createFakePorts, createFakeStorage } from '../../../adapters/fake';
import * as a from '../actions';
import { widgetReducer } from '../reducer';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { runScenario, type Scenario } from '../testing/scenario';
import { clampVolume, initialVolume, selectVolume } from './state';
import { formatStoredVolume, parseStoredVolume, VOLUME_STORAGE_KEY } from './stored-volume';

const base = initialWidgetState(albumData());
const fold = (state: WidgetState, ...actions: ReadonlyArray<Parameters<typeof widgetReducer>[1]>) => actions.reduce(widgetReducer, state);

describe('volume reducer (spec 001 §5 volume 0..1; mute brings back the last audible volume)', () => {
  it.each([
    ['starts at full volume', [], { level: 1, lastAudible: 1 }],
    ['the slider sets the level', [a.volumeChanged({ volume: 0.4 })], { level: 0.4, lastAudible: 0.4 }],
    ['above 1 is clamped to 1', [a.volumeChanged({ volume: 1.5 })], { level: 1, lastAudible: 1 }],
    ['below 0 is clamped to 0 (muted), keeping the last audible', [a.volumeChanged({ volume: -0.2 })], { level: 0, lastAudible: 1 }],
    ['NaN is muted', [a.volumeChanged({ volume: Number.NaN })], { level: 0, lastAudible: 1 }],
    ['mute sets 0 and keeps the level to come back to', [a.volumeChanged({ volume: 0.3 }), a.muteToggled()], { level: 0, lastAudible: 0.3 }],
    ['unmute brings back the last audible level', [a.volumeChanged({ volume: 0.3 }), a.muteToggled(), a.muteToggled()], { level: 0.3, lastAudible: 0.3 }],
    [
      'unmute after the slider went to 0 brings back the level before',
      [a.volumeChanged({ volume: 0.6 }), a.volumeChanged({ volume: 0 }), a.muteToggled()],
      { level: 0.6, lastAudible: 0.6 },
    ],
    ['a restored volume is applied like the slider', [a.volumeRestored({ volume: 0.25 })], { level: 0.25, lastAudible: 0.25 }],
    ['a restored 0 is muted; unmute gives full volume', [a.volumeRestored({ volume: 0 }), a.muteToggled()], { level: 1, lastAudible: 1 }],
  ] as const)('%s', (_rule, actions, expected) => {
    expect(fold(base, ...actions).volume).toEqual(expected);
  });

  it('a state from before the volume control (an older log header) gets one on the first volume action', () => {
    const { volume: _dropped, ...older } = base;
    const before = older as unknown as WidgetState;
    expect(selectVolume(before)).toBe(1);
    expect(fold(before, a.muteToggled()).volume).toEqual({ level: 0, lastAudible: 1 });
  });

  it.each([
    [0.5, 0.5],
    [2, 1],
    [-1, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('clampVolume(%p) = %p', (input, expected) => {
    expect(clampVolume(input)).toBe(expected);
  });
});

describe('stored volume (localStorage text)', () => {
  it.each([
    [null, null, 'nothing stored'],
    ['', null, 'empty'],
    ['0.5', 0.5, 'a decimal'],
    ['0', 0, 'muted'],
    ['1', 1, 'full'],
    ['1.2', null, 'above 1'],
    ['-0.1', null, 'below 0'],
    ['loud', null, 'not a number'],
  ] as ReadonlyArray<[string | null, number | null, string]>)('parseStoredVolume(%p) = %p (%s)', (raw, expected) => {
    expect(parseStoredVolume(raw)).toBe(expected);
  });

  it('formats a volume as short text that parses back', () => {
    expect(formatStoredVolume(1 / 3)).toBe('0.333');
    expect(parseStoredVolume(formatStoredVolume(0.75))).toBe(0.75);
  });
});

describe('volume epic: the audio element and storage', () => {
  /** Storage seeded with `stored`, recording every write. */
  const spyStorage = (stored: Map<string, string>, writes: string[]) => {
    const storage = createFakeStorage(stored);
    // Only the volume's key: the log outboxes (core/logging/outbox.ts) write their own.
    return { ...storage, write: (key: string, value: string) => (key === VOLUME_STORAGE_KEY && writes.push(`${key}=${value}`), storage.write(key, value)) };
  };
  const scenario = (s: Pick<Scenario, 'ui' | 'inputs'>, stored = new Map<string, string>()) => {
    const writes: string[] = [];
    const run = runScenario(
      // No volumeSaveFailed with a storage that works.
      { ...s, expected: (s.ui ?? '').replace(/[a-z]/g, '-'), outputs: {}, prefixes: ['widget/volumeSaveFailed'] },
      {
        makePorts: (scheduler) => ({ ...createFakePorts(scheduler), storage: spyStorage(stored, writes) }),
        assertEqual: (x, y) => expect(x).toEqual(y),
      },
    );
    return { ...run, writes, volumeCalls: run.ports.calls.audio.filter((c) => c.startsWith('volume')) };
  };

  it('applies the slider volume to the element and stores it', () => {
    const { volumeCalls, state, writes } = scenario({ ui: '-v', inputs: { v: a.volumeChanged({ volume: 0.4 }) } });
    expect(volumeCalls).toEqual(['volume 0.4']);
    expect(writes).toEqual([`${VOLUME_STORAGE_KEY}=0.4`]);
    expect(state.volume.level).toBe(0.4);
  });

  it('mute sets the element to 0 and unmute back to the last audible volume', () => {
    const { volumeCalls, writes } = scenario({
      ui: '-vmu',
      inputs: { v: a.volumeChanged({ volume: 0.7 }), m: a.muteToggled(), u: a.muteToggled() },
    });
    expect(volumeCalls).toEqual(['volume 0.7', 'volume 0', 'volume 0.7']);
    expect(writes).toEqual([`${VOLUME_STORAGE_KEY}=0.7`, `${VOLUME_STORAGE_KEY}=0`, `${VOLUME_STORAGE_KEY}=0.7`]);
  });

  it('restores a stored volume at start-up (an adapter fact) and applies it without storing it again', () => {
    const { volumeCalls, state, writes } = scenario({ inputs: {} }, new Map([[VOLUME_STORAGE_KEY, '0.25']]));
    expect(state.volume).toEqual({ level: 0.25, lastAudible: 0.25 });
    expect(volumeCalls).toEqual(['volume 0.25']);
    expect(writes).toEqual([]);
  });

  it('garbage stored: no restore, the element keeps full volume', () => {
    const { volumeCalls, state } = scenario({ inputs: {} }, new Map([[VOLUME_STORAGE_KEY, 'loud']]));
    expect(state.volume).toEqual(initialVolume);
    expect(volumeCalls).toEqual([]);
  });

  it('a storage that refuses the write is recorded (volumeSaveFailed); the element still changes', () => {
    const storage = createFakeStorage();
    const run = runScenario(
      {
        ui: '-v',
        inputs: { v: a.volumeChanged({ volume: 0.5 }) },
        expected: '-f',
        outputs: { f: a.volumeSaveFailed({ err: 'QuotaExceededError' }) },
        prefixes: ['widget/volumeSaveFailed'],
      },
      {
        makePorts: (scheduler) => ({ ...createFakePorts(scheduler), storage: { ...storage, write: () => throwError(() => new Error('QuotaExceededError')) } }),
        assertEqual: (x, y) => expect(x).toEqual(y),
      },
    );
    expect(run.ports.calls.audio).toContain('volume 0.5');
  });
});
