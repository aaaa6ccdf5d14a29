import { lastValueFrom } from 'rxjs';
import { createLocalStorage } from './local-storage';

describe('createLocalStorage (StoragePort over Web Storage)', () => {
  it('writes, reads and removes raw strings', async () => {
    const storage = createLocalStorage(window.localStorage);
    await lastValueFrom(storage.write('k', '{"v":1}'), { defaultValue: undefined });
    await expect(lastValueFrom(storage.read('k'))).resolves.toBe('{"v":1}');
    await lastValueFrom(storage.remove('k'), { defaultValue: undefined });
    await expect(lastValueFrom(storage.read('k'))).resolves.toBeNull();
  });

  it('turns a throwing storage (quota, privacy mode) into an error, not a crash', async () => {
    const storage = createLocalStorage({
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    await expect(lastValueFrom(storage.write('k', 'v'))).rejects.toThrow('quota');
  });
});
