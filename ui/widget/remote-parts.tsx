import { useCallback, type MouseEvent } from 'react';
import type { Image } from '../../core/model/embed-data';
import { devicesToggled } from '../../core/widget/remote/actions';
import { CallToAction } from '../components/call-to-action';
import { CoverArt } from '../components/cover-art';
import { DevicesButton } from '../components/devices-button';
import { TrackInfo } from '../components/track-info';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { shallowEqual, useSelector } from '../hooks/use-selector';
import { lazyExtra } from './lazy-extra';
import { selectElsewhere, selectHasDevices, selectListOpen, selectRemoteHeader, selectRemoteImages } from './remote-selectors';

/*
 * Issue 16 The controller, wired to the store (core/widget/remote/): the devices button beside the
 * volume control and its list, for logged-in visitors (the engine plays for them: spec 000 §4
 * outside preview mode); and the remote-control view: while another device is the active one, the
 * header shows what it plays (cover, title, artists) and says where, with its shuffle and repeat.
 * The button is in the first frame; the list and the view's bar and line are in the widget's lazy
 * chunk (./remote-view-parts.tsx, which the initial-JS budget does not pay for). Neither is in the
 * server's frame (the list is closed, no other device plays), so hydration does not wait for them.
 */

const RemoteDeviceList = lazyExtra((extras) => extras.RemoteDeviceList);
const RemoteListeningOn = lazyExtra((extras) => extras.RemoteListeningOn);
const RemoteBarView = lazyExtra((extras) => extras.RemoteBarView);

export function DevicesParts({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const shown = useSelector(selectHasDevices);
  const open = useSelector(selectListOpen);
  const elsewhere = useSelector(selectElsewhere);
  const onToggle = useCallback(() => dispatch(devicesToggled()), [dispatch]);
  return shown ? <DevicesButton open={open} elsewhere={elsewhere} onToggle={onToggle} t={t} /> : null;
}

/** The open device list, over the panel (as the share dialog is); nothing (and no chunk fetched) while closed. */
export function DeviceListSlot({ t }: { readonly t: Translate }) {
  const open = useSelector(selectListOpen);
  return open ? <RemoteDeviceList t={t} /> : null;
}

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
      {remote === null ? null : <RemoteListeningOn device={remote.device} t={t} testId="listening-on-short" />}
    </div>
  );
}

/** The remote-control view's bar at the panel's foot, while another device plays. */
export function RemoteBar({ t }: { readonly t: Translate }) {
  const elsewhere = useSelector(selectElsewhere);
  return elsewhere ? <RemoteBarView t={t} /> : null;
}
