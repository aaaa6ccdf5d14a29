import { estimate } from '../media/bandwidth-estimator';
import { initialEngineState } from './index';
import { engineStateAtStart } from './start-state';
import { fileOfTrack, type Mp4File } from './state-machine';
import { machineTrack } from './testing/engine-state';

const files: Mp4File[] = [
  { file_id: 'kbit96', format: 'MP4_128', bitrate: 96000 },
  { file_id: 'kbit160', format: 'MP4_256', bitrate: 160000 },
];
const firstFile = (downlinkMbps?: number) => {
  const state = engineStateAtStart({ downlinkMbps });
  return fileOfTrack(machineTrack(0, { manifest: { file_ids_mp4: files } }), estimate(state.media.bandwidth))?.file_id;
};

describe('the engine state at start (spec 001 §9 Bandwidth estimate default: 400000 bits/s, or browser downlink × 1e6)', () => {
  it('without a browser downlink is initialEngineState (400000 bits/s), so logs recorded before fold as they did', () => {
    expect(engineStateAtStart({})).toBe(initialEngineState);
    expect(estimate(engineStateAtStart({}).media.bandwidth)).toBe(400000);
  });

  it("takes the browser's downlink × 1e6 as the estimate before any fetch is measured", () => {
    expect(estimate(engineStateAtStart({ downlinkMbps: 10 }).media.bandwidth)).toBe(10e6);
    expect(estimate(engineStateAtStart({ downlinkMbps: 0.25 }).media.bandwidth)).toBe(250000);
  });

  it("decides the first track's bitrate: 160 kbit/s at the default, 96 kbit/s on a 0.25 Mbit/s downlink", () => {
    expect(firstFile()).toBe('kbit160');
    expect(firstFile(0.25)).toBe('kbit96');
    expect(firstFile(10)).toBe('kbit160');
  });

  it('changes nothing else of the first state', () => {
    const { media, ...rest } = engineStateAtStart({ downlinkMbps: 10 });
    const { media: initialMedia, ...initialRest } = initialEngineState;
    expect(rest).toEqual(initialRest);
    expect({ ...media, bandwidth: null }).toEqual({ ...initialMedia, bandwidth: null });
  });
});
