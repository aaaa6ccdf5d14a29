import { useCallback } from 'react';
import { muteToggled, volumeChanged } from '../../core/widget/actions';
import { selectVolume } from '../../core/widget/volume/state';
import { VolumeControl } from '../components/volume-control';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { useSelector } from '../hooks/use-selector';

/** The volume control wired to the store: the mute button and slider dispatch, the element follows (volume.epic). */
export function VolumeParts({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const volume = useSelector(selectVolume);
  const onMuteToggle = useCallback(() => dispatch(muteToggled()), [dispatch]);
  const onChange = useCallback((next: number) => dispatch(volumeChanged({ volume: next })), [dispatch]);
  return <VolumeControl volume={volume} onMuteToggle={onMuteToggle} onChange={onChange} t={t} />;
}
