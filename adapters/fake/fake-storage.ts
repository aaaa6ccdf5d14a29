import { defer, of } from 'rxjs';
import type { StoragePort } from '../../core/ports';

/** An in-memory StoragePort; `entries` is exposed so a test can seed or inspect it. */
export function createFakeStorage(entries = new Map<string, string>()): StoragePort & { readonly entries: Map<string, string> } {
  return {
    entries,
    read: (key) => defer(() => of(entries.get(key) ?? null)),
    write: (key, value) =>
      defer(() => {
        entries.set(key, value);
        return of(undefined);
      }),
    remove: (key) =>
      defer(() => {
        entries.delete(key);
        return of(undefined);
      }),
  };
}
