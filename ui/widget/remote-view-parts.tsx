import { useCallback } from 'react';
import { deviceChosen, devicesClosed, repeatCycled, shuffleToggled } from '../../core/widget/remote/actions';
import { DeviceList, ListeningOn, ShuffleRepeat } from '../components/device-picker';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { shallowEqual, useSelector } from '../hooks/use-selector';
import { selectDeviceList } from '../../core/widget/remote/device-list';
import { selectRemoteHeader } from './remote-selectors';

/*
 * Issue 16 The controller's parts that only a logged-in visitor with devices sees: the open device
 * list and the remote-control view's bar. In the widget's lazy chunk (ui/widget/extras.ts); the first
 * frame's parts (./remote-parts.tsx) render them once the state asks for them.
 */

/** The open device list, over the panel (as the share dialog is). */
export function RemoteDeviceList({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const devices = useSelector(selectDeviceList, shallowEqual);
  const onChoose = useCallback((deviceId: string) => dispatch(deviceChosen({ deviceId })), [dispatch]);
  const onClose = useCallback(() => dispatch(devicesClosed()), [dispatch]);
  return <DeviceList devices={devices} onChoose={onChoose} onClose={onClose} t={t} />;
}

export { ListeningOn as RemoteListeningOn };

/** The remote-control view's bar at the panel's foot: which device plays, and its shuffle and repeat. */
export function RemoteBarView({ t }: { readonly t: Translate }) {
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
