import { filter, map } from 'rxjs/operators';
import { deregistrationRequested } from '../device/actions';
import { pageHidden } from './actions';
import type { PlayerEpic } from './deps';

/**
 * spec 001 §4 Device service client (deregistered on 200 or 204 to the delete) and Client
 * lifecycle (the local player is disabled on deregistration): a page going away deregisters its
 * device, so the provider does not keep offering a player that is gone. The DELETE is sent with
 * keepalive (registration.epic.ts) so that it outlives the page.
 */
export const pageExitEpic: PlayerEpic = (action$, state$) =>
  action$.pipe(
    filter(pageHidden.match),
    filter(() => state$.value.device.registration === 'registered'),
    map(() => deregistrationRequested()),
  );
