/**
 * The realtime transport of spec 001 (§4 Transport lifecycle, §7 Service resolve and Realtime
 * socket, §8, §9): a state machine (reducer.ts) and four epics over injected ports.
 * Mount: state `{ transport: initialTransportState(owner) }` reduced by transportReducer, the
 * epics of `transportEpics`, deps with a SocketPort. Drive it with connectRequested /
 * disconnectRequested / tokenUpdated / replyRequested (and networkChanged, the browser's online and
 * offline events); listen to the lifecycle actions.
 */
import { combineEpics } from '../../store/store';
import { connectionEpic } from './connection.epic';
import { dealerSocketEpic } from './dealer-socket.epic';
import type { TransportEpic } from './deps';
import { lifecycleEpic } from './lifecycle.epic';
import { networkEpic } from './network.epic';
import { serviceResolveEpic } from './service-resolve.epic';

export * from './actions';
export { transportReducer } from './reducer';
export { initialTransportState, isActive, type TransportSlice, type TransportState, type TransportStatus } from './state';
export type { TransportDeps, TransportEpic } from './deps';
export { DEALER_PATH, RESOLVE_PATH, CLIENT_LOGOUT_URI, CONNECTION_ID_HEADER } from './constants';

/** Order matters only for readability: each epic filters its own actions. */
export const transportEpics: ReadonlyArray<TransportEpic> = [lifecycleEpic, serviceResolveEpic, connectionEpic, dealerSocketEpic, networkEpic];
export const transportEpic: TransportEpic = combineEpics(...transportEpics);
