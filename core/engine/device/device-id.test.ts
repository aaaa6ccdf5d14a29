import { lastValueFrom } from 'rxjs';
import { createFakeStorage } from '../../../adapters/fake';
import { DEVICE_ID_STORAGE_KEY } from './constants';
import { randomDeviceId, storedDeviceId } from './device-id';

const draws = (values: number[]) => {
  let i = 0;
  return { next: () => values[i++ % values.length] ?? 0 };
};

describe('stored device id (spec 001 §3: a stored random 40-character id kept in local storage)', () => {
  it('is 40 characters inside the id pattern, drawn from deps.random', () => {
    expect(randomDeviceId(draws([0, 0.999]))).toBe('0f'.repeat(20));
  });

  it('creates and stores one when none is stored', async () => {
    const storage = createFakeStorage();
    const id = await lastValueFrom(storedDeviceId(storage, draws([0.5])));
    expect(id).toBe('8'.repeat(40));
    expect(storage.entries.get(DEVICE_ID_STORAGE_KEY)).toBe(id);
  });

  it('reuses the stored id', async () => {
    const storage = createFakeStorage(new Map([[DEVICE_ID_STORAGE_KEY, 'a'.repeat(40)]]));
    expect(await lastValueFrom(storedDeviceId(storage, draws([0.5])))).toBe('a'.repeat(40));
  });

  it('replaces a stored value that is not a 40-character id', async () => {
    const storage = createFakeStorage(new Map([[DEVICE_ID_STORAGE_KEY, 'bad id']]));
    expect(await lastValueFrom(storedDeviceId(storage, draws([0])))).toBe('0'.repeat(40));
  });

  it('draws a fresh one when randomising (spec 001 §3 "or a fresh one when randomising")', async () => {
    const storage = createFakeStorage(new Map([[DEVICE_ID_STORAGE_KEY, 'a'.repeat(40)]]));
    expect(await lastValueFrom(storedDeviceId(storage, draws([0]), true))).toBe('0'.repeat(40));
  });
});
