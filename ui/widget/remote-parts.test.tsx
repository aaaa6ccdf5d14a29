import { act } from 'react';
import type { RemoteState } from '../../core/contract';
import type { EmbedData } from '../../core/model/embed-data';
import { deviceChosen, devicesClosed, devicesToggled, repeatCycled, shuffleToggled } from '../../core/widget/remote/actions';
import { remoteStateReceived } from '../../core/widget/remote/state-received';
import { muteToggled } from '../../core/widget/volume/actions';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { EmbedApp } from './EmbedApp';
import { loadExtras } from './extras-loader';
import { testEmbedData } from './test-embed-data';

afterEach(cleanup);

const translations = {
  ...testEmbedData.translations,
  devices_button: 'Connect to a device',
  devices_heading: 'Your devices',
  devices_playing: 'Playing',
  devices_this_browser: 'This browser',
  remote_listening_on: 'Listening on {device}',
  remote_shuffle_on: 'Enable shuffle',
  remote_shuffle_off: 'Disable shuffle',
  remote_repeat_context: 'Enable repeat',
  remote_repeat_track: 'Enable repeat one',
  remote_repeat_off: 'Disable repeat',
};
/** spec 000 §4: logged in with a token, so the engine plays (not preview mode). */
const loggedIn: EmbedData = {
  ...testEmbedData,
  translations,
  session: { loggedIn: true, accessToken: 'token', accessTokenExpirationTimestampMs: 0, market: 'SE' },
};
const anonymous: EmbedData = { ...testEmbedData, translations };

const here = { id: 'here', name: 'Web Player (Chrome)', type: 'computer', volume: 1, local: true };
const there = { id: 'there', name: 'Kitchen', type: 'speaker', volume: 0.5, local: false };
const onThere: RemoteState = {
  activeDeviceId: 'there',
  devices: [here, there],
  playing: {
    uri: 'spotify:track:elsewhere',
    name: 'Elsewhere',
    artists: ['Ann', 'Bo'],
    images: [{ url: 'https://cdn.test/elsewhere.jpg', width: 300, height: 300 }],
    durationMs: 200000,
    positionMs: 42000,
    paused: false,
    shuffle: true,
    repeat: 'CONTEXT',
    contextUri: null,
    nextTracks: [],
    previousTracks: [],
  },
};

const mount = (data: EmbedData) => {
  const s = testStore(data);
  const r = render(
    <StoreProvider store={s.store}>
      <EmbedApp />
    </StoreProvider>,
  );
  return { ...s, ...r };
};
const click = (el: Element): void => {
  act(() => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
};

// Runs first, before any test loads the widget's lazy chunk (module state: the chunk loads once per page).
describe("the controller's lazy parts (the device list, the remote-control view: ui/widget/extras.ts, off the initial-JS budget)", () => {
  it('before the chunk arrives the button is there and its toggle is reduced; the list shows once the chunk is in', async () => {
    const { container, store, actions } = mount(loggedIn);
    act(() => store.dispatch(remoteStateReceived({ state: onThere }), 'adapter'));
    click(byTestId(container, 'devices-button'));
    expect(actions()).toContainEqual(devicesToggled());
    expect(byTestId(container, 'devices-button').getAttribute('aria-expanded')).toBe('true');
    await act(async () => {
      await loadExtras();
    });
    expect(byTestId(container, 'device-list').querySelectorAll('[data-testid="device"]')).toHaveLength(2);
    expect(byTestId(container, 'remote-bar').textContent).toContain('Listening on Kitchen');
  });
});

describe('the device picker (issue 16 The controller: a devices button beside volume for logged-in visitors)', () => {
  // The chunk is in (as it is on a page soon after booting): the lazy parts render in the same commit as their state.
  beforeAll(() => loadExtras());

  it('a logged-in visitor has the devices button right after the volume control; an anonymous one has none', () => {
    const { container } = mount(loggedIn);
    const button = byTestId(container, 'devices-button');
    expect(button.previousElementSibling).toBe(byTestId(container, 'volume-control'));
    expect(button.getAttribute('aria-label')).toBe('Connect to a device');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(mount(anonymous).container.querySelector('[data-testid="devices-button"]')).toBeNull();
  });

  it("the button opens the list of the user's devices, the active one first and marked; choosing one dispatches the choice", () => {
    const { container, store, actions } = mount(loggedIn);
    act(() => store.dispatch(remoteStateReceived({ state: onThere }), 'adapter'));
    click(byTestId(container, 'devices-button'));
    expect(actions()).toContainEqual(devicesToggled());
    const list = byTestId(container, 'device-list');
    expect(list.getAttribute('aria-label')).toBe('Your devices');
    const devices = [...list.querySelectorAll('[data-testid="device"]')];
    expect(devices.map((d) => [d.textContent, d.getAttribute('aria-current')])).toEqual([
      ['KitchenPlaying', 'true'],
      ['Web Player (Chrome)This browser', null],
    ]);
    click(devices[1]!);
    expect(actions()).toContainEqual(deviceChosen({ deviceId: 'here' }));
    expect(container.querySelector('[data-testid="device-list"]')).toBeNull();
  });

  it('Escape closes the list without a choice', () => {
    const { container, actions } = mount(loggedIn);
    click(byTestId(container, 'devices-button'));
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(actions()).toContainEqual(devicesClosed());
    expect(container.querySelector('[data-testid="device-list"]')).toBeNull();
  });
});

describe('the remote-control view (issue 16: what the other device plays, and where)', () => {
  it('while another device plays: its cover, title and artists in the header, "Listening on" it, its shuffle and repeat', () => {
    const { container, store, actions } = mount(loggedIn);
    act(() => store.dispatch(remoteStateReceived({ state: onThere }), 'adapter'));
    expect(byTestId(container, 'title').textContent).toBe('Elsewhere');
    expect(byTestId(container, 'subtitle').textContent).toBe('Ann, Bo');
    expect(container.querySelector('.embed__header img')?.getAttribute('src')).toBe('https://cdn.test/elsewhere.jpg');
    expect(byTestId(container, 'listening-on').textContent).toBe('Listening on Kitchen');
    expect(byTestId(container, 'devices-button').className).toContain('devices-button--elsewhere');
    const shuffle = byTestId(container, 'remote-shuffle');
    const repeat = byTestId(container, 'remote-repeat');
    expect([shuffle.getAttribute('aria-pressed'), shuffle.getAttribute('aria-label')]).toEqual(['true', 'Disable shuffle']);
    expect([repeat.getAttribute('aria-pressed'), repeat.getAttribute('aria-label')]).toEqual(['true', 'Enable repeat one']);
    click(shuffle);
    click(repeat);
    expect(actions()).toEqual(expect.arrayContaining([shuffleToggled(), repeatCycled()]));
  });

  it('playback here (or nowhere): the resource as before, no "Listening on"', () => {
    const { container, store } = mount(loggedIn);
    act(() => store.dispatch(remoteStateReceived({ state: { ...onThere, activeDeviceId: 'here' } }), 'adapter'));
    expect(byTestId(container, 'title').textContent).toBe(testEmbedData.resource.name);
    expect(container.querySelector('[data-testid="remote-bar"]')).toBeNull();
    expect(container.querySelector('[data-testid="listening-on-short"]')).toBeNull();
    expect(byTestId(container, 'devices-button').className).not.toContain('devices-button--elsewhere');
  });
});

describe('the volume control while another device plays (issue 16: its volume, spec 001 §3 device volume 0..1)', () => {
  const withVolume = (volume: number): RemoteState => ({ ...onThere, devices: [here, { ...there, volume }] });
  const slider = (container: Element) => byTestId(container, 'volume-slider') as HTMLInputElement;

  it("the slider shows the active device's volume from the cluster, and this browser's again once playback is here", () => {
    const { container, store } = mount(loggedIn);
    expect(slider(container).value).toBe('100');
    act(() => store.dispatch(remoteStateReceived({ state: onThere }), 'adapter'));
    expect(slider(container).value).toBe('50');
    act(() => store.dispatch(remoteStateReceived({ state: withVolume(0.8) }), 'adapter'));
    expect(slider(container).value).toBe('80');
    act(() => store.dispatch(remoteStateReceived({ state: { ...withVolume(0.8), activeDeviceId: 'here' } }), 'adapter'));
    expect(slider(container).value).toBe('100');
  });

  it('the mute button mutes the other device: the slider shows 0 while this browser keeps its volume', () => {
    const { container, store, actions } = mount(loggedIn);
    act(() => store.dispatch(remoteStateReceived({ state: onThere }), 'adapter'));
    click(byTestId(container, 'mute-button'));
    expect(actions()).toContainEqual(muteToggled());
    expect(slider(container).value).toBe('0');
    expect(store.getState().volume?.level ?? 1).toBe(1);
  });
});
