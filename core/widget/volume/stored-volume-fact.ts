import type { Subscription } from 'rxjs';
import { take } from 'rxjs/operators';
import type { Ports } from '../../ports';
import type { Store } from '../../store/store';
import type { WidgetState } from '../state';
import { volumeRestored } from './actions';
import { parseStoredVolume, VOLUME_STORAGE_KEY } from './stored-volume';

/**
 * Start-up: the stored volume, read once, becomes an adapter fact (a replay feeds it back from the
 * log; fake storage cannot know what a visitor's browser kept). Nothing stored, a storage that
 * refuses access, or garbage: nothing is dispatched and the element keeps its full volume.
 */
export function bindStoredVolume(store: Store<WidgetState>, ports: Pick<Ports, 'storage'>): Subscription {
  return ports.storage
    .read(VOLUME_STORAGE_KEY)
    .pipe(take(1))
    .subscribe({
      next: (raw) => {
        const volume = parseStoredVolume(raw);
        if (volume !== null) store.dispatch(volumeRestored({ volume }), 'adapter');
      },
      error: () => undefined,
    });
}
