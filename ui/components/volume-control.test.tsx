import { act } from 'react';
import { muteToggled, volumeChanged } from '../../core/widget/actions';
import { createTranslate } from '../hooks/translate';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { testEmbedData } from '../widget/test-embed-data';
import { VolumeParts } from '../widget/volume-parts';
import { VolumeControl } from './volume-control';

afterEach(cleanup);

const t = createTranslate({
  volume_mute: 'Stäng av ljudet',
  volume_unmute: 'Slå på ljudet',
  volume_slider: 'Volym',
  volume_muted: 'Ljud av',
  volume_low: 'Låg volym',
  volume_medium: 'Medelvolym',
  volume_full: 'Full volym',
});

/** Moves a controlled range input as a person (or the arrow keys) would: the native setter, then `input`. */
function slide(input: HTMLInputElement, value: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  act(() => {
    descriptor?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('VolumeControl (mute button with the spec 000 §2 volume icon, and a slider)', () => {
  it('the mute button is a real button named by the translated "mute", showing the icon state', () => {
    const onMute = jest.fn();
    const { container } = render(<VolumeControl volume={0.5} onMuteToggle={onMute} onChange={jest.fn()} t={t} />);
    const button = byTestId(container, 'mute-button');
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-label')).toBe('Stäng av ljudet');
    expect(byTestId(container, 'volume-icon').dataset.level).toBe('medium');
    act(() => button.click());
    expect(onMute).toHaveBeenCalledTimes(1);
  });

  it('when muted the button is named "unmute" and the icon shows muted', () => {
    const { container } = render(<VolumeControl volume={0} onMuteToggle={jest.fn()} onChange={jest.fn()} t={t} />);
    expect(byTestId(container, 'mute-button').getAttribute('aria-label')).toBe('Slå på ljudet');
    expect(byTestId(container, 'volume-icon').dataset.level).toBe('muted');
  });

  it('the slider is a native range (keyboard operable) with a translated name and a percent value text', () => {
    const onChange = jest.fn();
    const { container } = render(<VolumeControl volume={0.4} onMuteToggle={jest.fn()} onChange={onChange} t={t} />);
    const slider = byTestId(container, 'volume-slider') as HTMLInputElement;
    expect(slider.type).toBe('range');
    expect(slider.getAttribute('aria-label')).toBe('Volym');
    expect(slider.value).toBe('40');
    expect(slider.getAttribute('aria-valuetext')).toBe('40 %');
    slide(slider, '75');
    expect(onChange).toHaveBeenLastCalledWith(0.75);
  });
});

describe('VolumeParts (the control wired to the store)', () => {
  const mount = () => {
    const s = testStore(testEmbedData);
    const r = render(
      <StoreProvider store={s.store}>
        <VolumeParts t={t} />
      </StoreProvider>,
    );
    return { ...s, ...r };
  };

  it('dispatches widget/volumeChanged from the slider and the reducer moves the slider and icon', () => {
    const { container, actions } = mount();
    const slider = byTestId(container, 'volume-slider') as HTMLInputElement;
    slide(slider, '20');
    expect(actions()).toEqual([volumeChanged({ volume: 0.2 })]);
    expect(slider.value).toBe('20');
    expect(byTestId(container, 'volume-icon').dataset.level).toBe('low');
  });

  it('dispatches widget/muteToggled: muted, then back to the level before', () => {
    const { container, actions } = mount();
    slide(byTestId(container, 'volume-slider') as HTMLInputElement, '60');
    act(() => byTestId(container, 'mute-button').click());
    expect(byTestId(container, 'volume-icon').dataset.level).toBe('muted');
    expect((byTestId(container, 'volume-slider') as HTMLInputElement).value).toBe('0');
    act(() => byTestId(container, 'mute-button').click());
    expect((byTestId(container, 'volume-slider') as HTMLInputElement).value).toBe('60');
    expect(actions()).toEqual([volumeChanged({ volume: 0.6 }), muteToggled(), muteToggled()]);
  });
});
