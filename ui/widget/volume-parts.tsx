import { useCallback } from 'react';
import { muteToggled, volumeChanged } from '../../core/widget/actions';
import { selectShownVolume } from '../../core/widget/remote/state';
import { VolumeControl } from '../components/volume-control';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { useSelector } from '../hooks/use-selector';

/** The volume control wired to the store: the mute button and slider dispatch, the element follows (volume.epic); while another device plays, they show and set its volume (issue 16). */
export function VolumeParts({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const volume = useSelector(selectShownVolume);
  const onMuteToggle = useCallback(() => dispatch(muteToggled()), [dispatch]);
  const onChange = useCallback((next: number) => dispatch(volumeChanged({ volume: next })), [dispatch]);
  return <VolumeControl volume={volume} onMuteToggle={onMuteToggle} onChange={onChange} t={t} />;
}
