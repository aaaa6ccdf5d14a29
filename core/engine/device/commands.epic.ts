import { filter, mergeMap, of, withLatestFrom, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { messageReceived, replyRequested, requestReceived } from '../transport/actions';
import { commandAction } from './command-action';
import type { DeviceEpic } from './deps';
import { decodeDeviceCommand } from './remote-command';

/**
 * spec 001 §4 Device service client: dealer messages and requests for the device become one
 * action each (commandAction); a request is answered, successfully unless the command was refused.
 * The current state ref is read as each command arrives, so consecutive replace_states chain.
 */
export const commandsEpic: DeviceEpic = (action$, state$) =>
  action$.pipe(
    filter((a) => messageReceived.match(a) || requestReceived.match(a)),
    withLatestFrom(state$),
    mergeMap(([a, s]): Observable<Action> => {
      if (messageReceived.match(a)) {
        const actions = a.payloads.flatMap((p) => {
          const c = decodeDeviceCommand(a.uri, p);
          return c === null ? [] : [commandAction(c, s.device.stateRef)];
        });
        return of(...actions);
      }
      if (!requestReceived.match(a)) return of();
      const c = decodeDeviceCommand(a.messageIdent, a.message);
      if (c === null) return of();
      const action = commandAction(c, s.device.stateRef);
      return of(action, replyRequested({ key: a.key, success: c.kind !== 'rejected' }));
    }),
  );
