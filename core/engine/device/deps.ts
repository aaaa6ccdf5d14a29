import type { Ports } from '../../ports';
import type { Epic } from '../../store/store';
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

/** Device epics read the device and the transport (token, service endpoints, connection id). */
export type DeviceEpic = Epic<DeviceSlice & TransportSlice, DeviceDeps>;
