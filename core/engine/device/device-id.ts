import { map, mergeMap, of, type Observable } from 'rxjs';
import type { RandomPort, StoragePort } from '../../ports';
import { DEVICE_ID_LENGTH, DEVICE_ID_STORAGE_KEY } from './constants';
import { isValidDeviceId } from './descriptor';

const HEX = '0123456789abcdef';

/** spec 001 §3/§9: a random 40-character id (hex digits: inside the device id pattern). */
export function randomDeviceId(random: RandomPort): string {
  let id = '';
  for (let i = 0; i < DEVICE_ID_LENGTH; i++) id += HEX[Math.floor(random.next() * HEX.length) % HEX.length];
  return id;
}

/**
 * spec 001 §3: "a stored random 40-character id kept in local storage, or a fresh one when
 * randomising". A stored value that does not fit the id pattern is replaced, so a corrupted entry
 * cannot make every registration fail.
 */
export function storedDeviceId(storage: StoragePort, random: RandomPort, randomise = false): Observable<string> {
  const stored$ = randomise ? of(null) : storage.read(DEVICE_ID_STORAGE_KEY);
  return stored$.pipe(
    mergeMap((stored) => {
      if (stored !== null && stored.length === DEVICE_ID_LENGTH && isValidDeviceId(stored)) return of(stored);
      const fresh = randomDeviceId(random);
      return storage.write(DEVICE_ID_STORAGE_KEY, fresh).pipe(map(() => fresh));
    }),
  );
}
