import { DEFAULT_PROGRESS_BAR_OPTIONS, PROGRESS_FEATURES, selectProgressBarOptions } from './progress-drag-options';
import { initialWidgetState } from './state';
import { albumData } from './testing/album-data';

const withFeatures = (features: Record<string, boolean>) => {
  const data = albumData();
  return initialWidgetState({ ...data, config: { ...data.config, features } });
};

describe('progress bar options (spec 000 §2: thumb on hover, update-while-dragging, ignore start)', () => {
  it('default to thumb on hover, no seeks while dragging, a seek on start', () => {
    expect(selectProgressBarOptions(withFeatures({}))).toEqual({ thumbOnHover: true, updateWhileDragging: false, ignoreStart: false });
    expect(DEFAULT_PROGRESS_BAR_OPTIONS).toEqual({ thumbOnHover: true, updateWhileDragging: false, ignoreStart: false });
  });

  it('each comes from its config feature when the embed page sets it', () => {
    const state = withFeatures({
      [PROGRESS_FEATURES.thumbOnHover]: false,
      [PROGRESS_FEATURES.updateWhileDragging]: true,
      [PROGRESS_FEATURES.ignoreStart]: true,
      unrelated: true,
    });
    expect(selectProgressBarOptions(state)).toEqual({ thumbOnHover: false, updateWhileDragging: true, ignoreStart: true });
  });
});
