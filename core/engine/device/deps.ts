import type { Ports } from '../../ports';
import type { Epic } from '../../store/store';
import type { SessionSlice } from '../session/state';
import type { TransportSlice } from '../transport/state';
import type { DeviceDescriptor } from './descriptor';
import type { DeviceSlice } from './state';

/** How this device presents itself (spec 001 §3 Device descriptor). */
export interface DeviceConfig {
  /** Checked with checkDescriptor; its id comes from storedDeviceId. */
  readonly descriptor: DeviceDescriptor;
  readonly clientVersion: string;
}

export type DeviceDeps = Pick<Ports, 'clock' | 'scheduler' | 'http'> & { readonly device: DeviceConfig };

/** Device epics read the device, the transport (service endpoints, connection id) and the session (the live token). */
export type DeviceEpic = Epic<DeviceSlice & TransportSlice & SessionSlice, DeviceDeps>;
