import type { Image } from '../../core/model/embed-data';
import { isPreviewMode } from '../../core/widget/preview-mode';
import { selectRemoteDevice, selectRemotePlaying, selectRemoteView } from '../../core/widget/remote/state';
import type { WidgetState } from '../../core/widget/state';

/*
 * Issue 16 The controller's view of the store, shared by the first frame's parts (./remote-parts.tsx)
 * and the lazy chunk's (./remote-view-parts.tsx).
 */

/** The devices button is there where the engine plays: logged in, not in preview mode. */
export const selectHasDevices = (state: WidgetState): boolean => !isPreviewMode(state);
export const selectListOpen = (state: WidgetState): boolean => selectRemoteView(state).listOpen;
export const selectElsewhere = (state: WidgetState): boolean => selectRemoteDevice(state) !== null;

export interface RemoteHeader {
  readonly title: string;
  readonly subtitle: string;
  readonly device: string;
  readonly shuffle: boolean;
  readonly repeat: 'OFF' | 'CONTEXT' | 'TRACK';
}

/** The other device's track as the header shows it; null while playback is here or nowhere. */
export function selectRemoteHeader(state: WidgetState): RemoteHeader | null {
  const device = selectRemoteDevice(state);
  const playing = selectRemotePlaying(state);
  if (device === null || playing === null) return null;
  return { title: playing.name, subtitle: playing.artists.join(', '), device: device.name, shuffle: playing.shuffle, repeat: playing.repeat };
}

export const selectRemoteImages = (state: WidgetState): ReadonlyArray<Image> | null => {
  const playing = selectRemotePlaying(state);
  return playing === null || playing.images.length === 0 ? null : playing.images;
};
