import { initialBandwidthState } from '../media/bandwidth-estimator';
import type { EngineState } from './deps';
import { initialEngineState } from './index';

/** What the page knows at engine start that the first state depends on. */
export interface EngineStart {
  /** The browser's downlink in Mbit/s, when it gives one (adapters/browser/downlink.ts). */
  readonly downlinkMbps?: number;
}

/**
 * The engine's first state on this page. spec 001 §9 Bandwidth estimate default: 400000 bits/s,
 * or the browser downlink × 1e6, so the first track's bitrate fits the link before any fetch was
 * measured. It goes into the action log's header, so a recorded session replays from it.
 * Without a downlink it is initialEngineState itself.
 */
export function engineStateAtStart(start: EngineStart): EngineState {
  const bandwidth = initialBandwidthState(start.downlinkMbps);
  if (bandwidth.defaultBps === initialEngineState.media.bandwidth.defaultBps) return initialEngineState;
  return { ...initialEngineState, media: { ...initialEngineState.media, bandwidth } };
}
