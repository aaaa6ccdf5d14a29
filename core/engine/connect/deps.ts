import type { Ports } from '../../ports';
import type { Epic } from '../../store/store';
import type { SessionSlice } from '../session/state';
import type { TransportSlice } from '../transport/state';
import type { ConnectSlice } from './state';

/** The remote-control client needs this client's device id (the "from" of its commands) and the Web API base (the device list). */
export type ConnectDeps = Pick<Ports, 'clock' | 'scheduler' | 'http'> & {
  readonly device: { readonly descriptor: { readonly id: string } };
  readonly player: { readonly apiUrl: string };
};

/** Its epics read their own slice, the transport (spclient host, connection id) and the session (the live token). */
export type ConnectEpic = Epic<ConnectSlice & TransportSlice & SessionSlice, ConnectDeps>;
