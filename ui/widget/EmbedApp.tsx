import { useCallback, useMemo, type MouseEvent, type ReactNode } from 'react';
import { metadataClickedOnMobile } from '../../core/widget/platform/actions';
import { selectCallToActionKey } from '../../core/widget/call-to-action';
import type { WidgetState } from '../../core/widget/state';
import { playToggleRequested, pointerEntered } from '../../core/widget/actions';
import {
  selectCoverImages,
  selectDominantColor,
  selectIsPlaying,
  selectOpenUrl,
  selectPlayingUri,
  selectRemaining,
  selectRowAvailability,
  selectRowsHaveSubtitles,
  selectSubtitle,
  selectTitle,
  selectTrackList,
  toTrackRows,
} from '../../core/widget/selectors';
import { PlayPauseButton } from '../components/play-pause-button';
import { Progress } from './progress-parts';
import { RemainingTime } from '../components/remaining-time';
import { useDispatch } from '../hooks/use-dispatch';
import { useFirstPointer } from '../hooks/use-first-pointer';
import { shallowEqual, useSelector } from '../hooks/use-selector';
import { useSpaceToggle } from '../hooks/use-space-toggle';
import { useTranslate, type Translate } from '../hooks/translate';
import { ShareButton, ShareSlot } from './share-parts';
import { BottomSection, type BottomSectionProps, headerCoverPx, LeadingControls, TrailingControls, useLayout, useLayoutClassName } from './layout-parts';
import { ModalSlot } from '../modals/modal-slot';
import { VolumeParts } from './volume-parts';
import { DeviceListSlot, DevicesParts, HeaderCover, HeaderInfo, RemoteBar } from './remote-parts';
import { selectIsMiniPlayer } from '../../core/widget/mini-player';
import { MiniPlayerPlaceholder } from './mini-player';
import { VideoSlot, VideoSlots, WidgetVideo } from './video-parts';

/**
 * The embed screen of spec 000 §2: one full-height panel on the resource's dominant colour; a header
 * with the cover art (which is the play/pause button) and the track info; the controls under it; the
 * bottom section (track list or big cover art, by layout: ./layout-parts.tsx). Renders from the store only, so the server's
 * first frame and the client's hydration render the same markup.
 */
export function EmbedApp() {
  // spec 000 §2: the mini-player variant (variant=mini) is a placeholder saying it is not implemented.
  const mini = useSelector(selectIsMiniPlayer);
  // Issue 18: the screen's video slots (./video-parts.tsx) are known to the video part wherever each is.
  return mini ? (
    <MiniPlayerPlaceholder />
  ) : (
    <VideoSlots>
      <EmbedScreen />
    </VideoSlots>
  );
}

function EmbedScreen() {
  const dispatch = useDispatch();
  const t = useTranslate();

  const color = useSelector(selectDominantColor);
  const images = useSelector(selectCoverImages);
  const title = useSelector(selectTitle);
  const subtitle = useSelector(selectSubtitle);
  const openUrl = useSelector(selectOpenUrl);
  const ctaKey = useSelector(selectCallToActionKey);
  const tracks = useSelector(selectTrackList, shallowEqual);
  const withSubtitles = useSelector(selectRowsHaveSubtitles);
  const available = useSelector(selectRowAvailability, shallowEqual);
  const rows = useMemo(() => toTrackRows(tracks, withSubtitles, available), [tracks, withSubtitles, available]);
  // spec 000 §2 Layout variants: the CSS lays out by media queries; data-layout says the same once measured.
  const layout = useLayout();
  const layoutClass = useLayoutClassName();

  const onToggleButton = useCallback(() => dispatch(playToggleRequested({ via: 'button' })), [dispatch]);
  const onToggleKey = useCallback(() => dispatch(playToggleRequested({ via: 'keyboard' })), [dispatch]);
  const onFirstPointer = useFirstPointer(useCallback(() => dispatch(pointerEntered()), [dispatch]));
  // spec 000 §7 Universal link: on mobile the metadata opens the item in the top window (the app, via
  // the universal link); on desktop the link opens the item in a new tab by itself.
  const isMobile = useSelector(selectIsMobile);
  const onMetadataClick = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (!isMobile) return;
      event.preventDefault();
      dispatch(metadataClickedOnMobile());
    },
    [dispatch, isMobile],
  );
  useSpaceToggle(onToggleKey);

  // The screen itself reads only what changes seldom. Playing, position and the playing row are read
  // by the small parts below, so a play or a progress tick re-renders those parts, not the screen
  // (the cover art element passed as children keeps its identity and is not rendered again).
  return (
    <div className={`embed ${layoutClass}`} data-layout={layout?.name} style={{ backgroundColor: color }} onPointerEnter={onFirstPointer}>
      <div className="embed__header">
        <PlayControl onToggle={onToggleButton} t={t}>
          <HeaderCover images={images} size={headerCoverPx(layout)} />
        </PlayControl>
        {/* Issue 16: while another device plays, its track and where it plays (remote-parts.tsx). */}
        <HeaderInfo title={title} subtitle={subtitle} href={openUrl} onClick={onMetadataClick} ctaText={t(ctaKey)} t={t} />
        {/* spec 000 §2 Share dialog: the share button; the dialog is a lazily loaded chunk. */}
        <ShareButton t={t} />
      </div>
      <div className="embed__controls">
        <LeadingControls t={t} />
        <Progress t={t} />
        <Remaining t={t} />
        <TrailingControls t={t} />
        {/* The volume control: a mute button with the volume icon and a slider. */}
        <VolumeParts t={t} />
        {/* Issue 16 The controller: the user's devices, for logged-in visitors. */}
        <DevicesParts t={t} />
      </div>
      <Bottom rows={rows} images={images} t={t} />
      <ShareSlot />
      <RemoteBar t={t} />
      <DeviceListSlot t={t} />
      {/* spec 000 §2 Modals: the prompt and the unavailable-track notice (a lazy chunk). */}
      <ModalSlot />
      {/* Issue 18: a video episode's picture, in the big cover-art area or the header's cover (./video-parts.tsx). */}
      <WidgetVideo t={t} />
    </div>
  );
}

const selectIsMobile = (state: WidgetState) => state.platform.isMobile;

function PlayControl({ onToggle, t, children }: { readonly onToggle: () => void; readonly t: Translate; readonly children: ReactNode }) {
  const playing = useSelector(selectIsPlaying);
  // Issue 18: the cover art's box holds a video episode's picture over the button (./video-parts.tsx).
  return (
    <div className="cover-slot">
      <PlayPauseButton playing={playing} onToggle={onToggle} t={t}>
        {children}
      </PlayPauseButton>
      <VideoSlot place="header" />
    </div>
  );
}

function Remaining({ t }: { readonly t: Translate }) {
  const remaining = useSelector(selectRemaining, shallowEqual);
  return <RemainingTime hidden={remaining.hidden} text={remaining.text} t={t} />;
}

function Bottom({ rows, images, t }: Omit<BottomSectionProps, 'playingUri'>) {
  const playingUri = useSelector(selectPlayingUri);
  return <BottomSection rows={rows} playingUri={playingUri} images={images} t={t} />;
}
