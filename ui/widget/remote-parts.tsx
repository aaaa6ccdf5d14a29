import { useCallback, type MouseEvent } from 'react';
import type { Image } from '../../core/model/embed-data';
import { deviceChosen, devicesClosed, devicesToggled, repeatCycled, shuffleToggled } from '../../core/widget/remote/actions';
import { selectDeviceList, selectRemoteDevice, selectRemotePlaying, selectRemoteView } from '../../core/widget/remote/state';
import { isPreviewMode } from '../../core/widget/preview-mode';
import type { WidgetState } from '../../core/widget/state';
import { CallToAction } from '../components/call-to-action';
import { CoverArt } from '../components/cover-art';
import { DeviceList, DevicesButton, ListeningOn, ShuffleRepeat } from '../components/device-picker';
import { TrackInfo } from '../components/track-info';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { shallowEqual, useSelector } from '../hooks/use-selector';

/*
 * Issue 16 The controller, wired to the store (core/widget/remote/): the devices button beside the
 * volume control and its list, for logged-in visitors (the engine plays for them: spec 000 §4
 * outside preview mode); and the remote-control view: while another device is the active one, the
 * header shows what it plays (cover, title, artists) and says where, with its shuffle and repeat.
 */

/** The devices button is there where the engine plays: logged in, not in preview mode. */
const selectHasDevices = (state: WidgetState): boolean => !isPreviewMode(state);
const selectListOpen = (state: WidgetState): boolean => selectRemoteView(state).listOpen;
const selectElsewhere = (state: WidgetState): boolean => selectRemoteDevice(state) !== null;

export function DevicesParts({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const shown = useSelector(selectHasDevices);
  const open = useSelector(selectListOpen);
  const elsewhere = useSelector(selectElsewhere);
  const onToggle = useCallback(() => dispatch(devicesToggled()), [dispatch]);
  return shown ? <DevicesButton open={open} elsewhere={elsewhere} onToggle={onToggle} t={t} /> : null;
}

/** The open device list, over the panel (as the share dialog is). */
export function DeviceListSlot({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const open = useSelector(selectListOpen);
  const devices = useSelector(selectDeviceList, shallowEqual);
  const onChoose = useCallback((deviceId: string) => dispatch(deviceChosen({ deviceId })), [dispatch]);
  const onClose = useCallback(() => dispatch(devicesClosed()), [dispatch]);
  return open ? <DeviceList devices={devices} onChoose={onChoose} onClose={onClose} t={t} /> : null;
}

interface RemoteHeader {
  readonly title: string;
  readonly subtitle: string;
  readonly device: string;
  readonly shuffle: boolean;
  readonly repeat: 'OFF' | 'CONTEXT' | 'TRACK';
}

/** The other device's track as the header shows it; null while playback is here or nowhere. */
function selectRemoteHeader(state: WidgetState): RemoteHeader | null {
  const device = selectRemoteDevice(state);
  const playing = selectRemotePlaying(state);
  if (device === null || playing === null) return null;
  return { title: playing.name, subtitle: playing.artists.join(', '), device: device.name, shuffle: playing.shuffle, repeat: playing.repeat };
}

const selectRemoteImages = (state: WidgetState): ReadonlyArray<Image> | null => {
  const playing = selectRemotePlaying(state);
  return playing === null || playing.images.length === 0 ? null : playing.images;
};

/** The header's cover art: the other device's album cover while it plays there (the resource's when it has none). */
export function HeaderCover({ images, size }: { readonly images: ReadonlyArray<Image>; readonly size: number }) {
  const remote = useSelector(selectRemoteImages, (a, b) => a === b || (a !== null && b !== null && a.map((i) => i.url).join() === b.map((i) => i.url).join()));
  return <CoverArt images={remote ?? images} size={size} />;
}

export interface HeaderInfoProps {
  readonly title: string;
  readonly subtitle: string;
  readonly href: string;
  readonly onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  readonly ctaText: string;
  readonly t: Translate;
}

/**
 * spec 000 §2 Track-info area and call to action; in the remote-control view, the other device's
 * track. Panels of 150 px and less say where it plays in the call to action's place (widget.css);
 * taller ones in the bar at the panel's foot (RemoteBar).
 */
export function HeaderInfo({ title, subtitle, href, onClick, ctaText, t }: HeaderInfoProps) {
  const remote = useSelector(selectRemoteHeader, shallowEqual);
  return (
    <div className={remote === null ? 'embed__info' : 'embed__info embed__info--remote'}>
      <TrackInfo title={remote?.title ?? title} subtitle={remote?.subtitle ?? subtitle} href={href} onClick={onClick} />
      <CallToAction text={ctaText} href={href} />
      {remote === null ? null : <ListeningOn device={remote.device} t={t} testId="listening-on-short" />}
    </div>
  );
}

/** The remote-control view's bar at the panel's foot: which device plays, and its shuffle and repeat. */
export function RemoteBar({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const remote = useSelector(selectRemoteHeader, shallowEqual);
  const onShuffle = useCallback(() => dispatch(shuffleToggled()), [dispatch]);
  const onRepeat = useCallback(() => dispatch(repeatCycled()), [dispatch]);
  if (remote === null) return null;
  return (
    <div className="remote-bar" data-testid="remote-bar">
      <ListeningOn device={remote.device} t={t} testId="listening-on" />
      <ShuffleRepeat shuffle={remote.shuffle} repeat={remote.repeat} onShuffle={onShuffle} onRepeat={onRepeat} t={t} />
    </div>
  );
}
