import { Observable } from 'rxjs';
import type { StoragePort } from '../../core/ports';

/** The part of the Web Storage API used here. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Runs a storage call on subscription; a throwing storage (quota, privacy mode) errors the Observable. */
function call<T>(work: () => T): Observable<T> {
  return new Observable<T>((subscriber) => {
    let value: T;
    try {
      value = work();
    } catch (err) {
      subscriber.error(err);
      return;
    }
    subscriber.next(value);
    subscriber.complete();
  });
}

/** StoragePort over localStorage (or any Storage): raw strings in and out. */
export function createLocalStorage(storage: StorageLike): StoragePort {
  return {
    read: (key) => call(() => storage.getItem(key)),
    write: (key, value) => call(() => storage.setItem(key, value)),
    remove: (key) => call(() => storage.removeItem(key)),
  };
}
