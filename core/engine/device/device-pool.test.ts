import { chooseDeviceId, DEVICE_POOL_SIZE, parseDevicePool } from './device-pool';

const id = (c: string) => c.repeat(40);
const [A, B, C, N] = [id('a'), id('b'), id('c'), id('f')];
const fresh = () => N;

describe('device id pool (spec 001 §4 device service: one device id identifies one player, so two live pages never share one)', () => {
  it('a page takes the first pooled id no other page holds', () => {
    expect(chooseDeviceId({ pool: [A, B, C], held: new Set([A]), preferred: null, fresh })).toEqual({ id: B, pool: [A, B, C], ordinal: 2 });
    expect(chooseDeviceId({ pool: [A, B], held: new Set(), preferred: null, fresh })).toEqual({ id: A, pool: [A, B], ordinal: 1 });
  });

  it('never takes an id another page holds, not even the one this page had before', () => {
    const choice = chooseDeviceId({ pool: [A, B], held: new Set([B]), preferred: B, fresh });
    expect(choice.id).toBe(A);
  });

  it('a reloaded page gets the id it had back while it is free, even with an earlier one free', () => {
    expect(chooseDeviceId({ pool: [A, B, C], held: new Set(), preferred: C, fresh })).toEqual({ id: C, pool: [A, B, C], ordinal: 3 });
  });

  it('a remembered id the pool no longer has is not taken (the pool decides which ids exist)', () => {
    expect(chooseDeviceId({ pool: [A], held: new Set(), preferred: C, fresh }).id).toBe(A);
  });

  it('makes a new id only when every pooled id is held, and adds it to the pool', () => {
    expect(chooseDeviceId({ pool: [], held: new Set(), preferred: null, fresh })).toEqual({ id: N, pool: [N], ordinal: 1 });
    expect(chooseDeviceId({ pool: [A, B], held: new Set([A, B]), preferred: null, fresh })).toEqual({ id: N, pool: [A, B, N], ordinal: 3 });
  });

  it('a full pool is not grown: the extra page plays on an id of its own that is not kept', () => {
    const pool = Array.from({ length: DEVICE_POOL_SIZE }, (_, i) => id(String(i)));
    const choice = chooseDeviceId({ pool, held: new Set(pool), preferred: null, fresh });
    expect(choice).toEqual({ id: N, pool, ordinal: DEVICE_POOL_SIZE + 1 });
  });

  it('a fresh draw that repeats a held pooled id is drawn again', () => {
    const draws = [A, N];
    const choice = chooseDeviceId({ pool: [A], held: new Set([A]), preferred: null, fresh: () => draws.shift() ?? N });
    expect(choice.id).toBe(N);
  });
});

describe('the stored pool (spec 001 §3: the id is kept in local storage)', () => {
  it('starts from the single id stored before, so the provider keeps knowing that device', () => {
    expect(parseDevicePool(null, A)).toEqual([A]);
    expect(parseDevicePool(null, null)).toEqual([]);
    expect(parseDevicePool(null, 'bad id')).toEqual([]);
  });

  it('reads the stored array, dropping entries that are not stored ids, repeats and the overflow', () => {
    expect(parseDevicePool(JSON.stringify([A, 'x', A, 7, B]), C)).toEqual([A, B]);
    const many = Array.from({ length: DEVICE_POOL_SIZE + 2 }, (_, i) => id(String(i)));
    expect(parseDevicePool(JSON.stringify(many), null)).toEqual(many.slice(0, DEVICE_POOL_SIZE));
  });

  it('a corrupted entry reads as the single id of before, else as empty', () => {
    expect(parseDevicePool('{not json', A)).toEqual([A]);
    expect(parseDevicePool('"a string"', null)).toEqual([]);
  });
});
