import { catchError, filter, mergeMap, of, withLatestFrom } from 'rxjs';
import type { Action } from '../../store/action';
import { notSuccessful } from '../device/track-playback-request';
import { onAnswer } from '../session/retry-on-unauthorised';
import * as A from './actions';
import { decodeDeviceList } from './cluster';
import { DEVICES_PATH } from './constants';
import type { ConnectEpic } from './deps';
import { connectCall, jsonBody, message } from './request';

/** spec 001 §7 Catalogue API GET /me/player/devices: the user's devices with the §3 device fields. */
export const devicesEpic: ConnectEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(A.devicesRequested.match),
    withLatestFrom(state$),
    mergeMap(([a, s]) =>
      connectCall(action$, deps.http, s, { method: 'GET', path: `${deps.player.apiUrl.replace(/\/+$/, '')}${DEVICES_PATH}` }).pipe(
        onAnswer((r): Action[] => {
          if (r.status !== 200) return [A.devicesFailed({ id: a.id, err: notSuccessful(r.status) })];
          const decoded = decodeDeviceList(jsonBody(r.body), deps.device.descriptor.id);
          return [decoded.ok ? A.devicesListed({ id: a.id, devices: decoded.devices }) : A.devicesFailed({ id: a.id, err: decoded.err })];
        }),
        catchError((e: unknown) => of(A.devicesFailed({ id: a.id, err: message(e) }))),
      ),
    ),
  );
