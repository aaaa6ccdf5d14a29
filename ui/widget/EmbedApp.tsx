import { useCallback, useMemo } from 'react';
import { playToggleRequested, pointerEntered, seekRequested } from '../../core/widget/actions';
import {
  selectCoverImages,
  selectDominantColor,
  selectIsPlaying,
  selectOpenUrl,
  selectPlayingUri,
  selectPositionMs,
  selectProgressPercent,
  selectRemaining,
  selectRowsHaveSubtitles,
  selectSubtitle,
  selectTitle,
  selectTotalMs,
  selectTrackList,
  toTrackRows,
} from '../../core/widget/selectors';
import { CoverArt } from '../components/cover-art';
import { PlayPauseButton } from '../components/play-pause-button';
import { ProgressBar } from '../components/progress-bar';
import { RemainingTime } from '../components/remaining-time';
import { TrackInfo } from '../components/track-info';
import { useDispatch } from '../hooks/use-dispatch';
import { useFirstPointer } from '../hooks/use-first-pointer';
import { shallowEqual, useSelector } from '../hooks/use-selector';
import { useSpaceToggle } from '../hooks/use-space-toggle';
import { useTranslate } from '../hooks/translate';
import { ShareButton, ShareSlot } from './share-parts';
import { BottomSection, headerCoverPx, LeadingControls, TrailingControls, useLayout, useLayoutClassName } from './layout-parts';
import { ModalSlot } from '../modals/modal-slot';

/**
 * The embed screen of spec 000 §2: one full-height panel on the resource's dominant colour; a header
 * with the cover art (which is the play/pause button) and the track info; the controls under it; the
 * bottom section (track list or big cover art, by layout: ./layout-parts.tsx). Renders from the store only, so the server's
 * first frame and the client's hydration render the same markup.
 */
export function EmbedApp() {
  const dispatch = useDispatch();
  const t = useTranslate();

  const color = useSelector(selectDominantColor);
  const images = useSelector(selectCoverImages);
  const title = useSelector(selectTitle);
  const subtitle = useSelector(selectSubtitle);
  const openUrl = useSelector(selectOpenUrl);
  const playing = useSelector(selectIsPlaying);
  const positionMs = useSelector(selectPositionMs);
  const totalMs = useSelector(selectTotalMs);
  const percent = useSelector(selectProgressPercent);
  const remaining = useSelector(selectRemaining, shallowEqual);
  const tracks = useSelector(selectTrackList, shallowEqual);
  const withSubtitles = useSelector(selectRowsHaveSubtitles);
  const playingUri = useSelector(selectPlayingUri);
  const rows = useMemo(() => toTrackRows(tracks, withSubtitles), [tracks, withSubtitles]);
  // spec 000 §2 Layout variants: the CSS lays out by media queries; data-layout says the same once measured.
  const layout = useLayout();
  const layoutClass = useLayoutClassName();

  const onToggleButton = useCallback(() => dispatch(playToggleRequested({ via: 'button' })), [dispatch]);
  const onToggleKey = useCallback(() => dispatch(playToggleRequested({ via: 'keyboard' })), [dispatch]);
  const onSeek = useCallback((positionMs: number) => dispatch(seekRequested({ positionMs })), [dispatch]);
  const onFirstPointer = useFirstPointer(useCallback(() => dispatch(pointerEntered()), [dispatch]));
  useSpaceToggle(onToggleKey);

  return (
    <div className={`embed ${layoutClass}`} data-layout={layout?.name} style={{ backgroundColor: color }} onPointerEnter={onFirstPointer}>
      <div className="embed__header">
        <PlayPauseButton playing={playing} onToggle={onToggleButton} t={t}>
          <CoverArt images={images} size={headerCoverPx(layout)} />
        </PlayPauseButton>
        <TrackInfo title={title} subtitle={subtitle} href={openUrl} />
        {/* spec 000 §2 Share dialog: the share button; the dialog is a lazily loaded chunk. */}
        <ShareButton t={t} />
      </div>
      <div className="embed__controls">
        <LeadingControls t={t} />
        <ProgressBar positionMs={positionMs} totalMs={totalMs} percent={percent} onSeek={onSeek} t={t} />
        <RemainingTime hidden={remaining.hidden} text={remaining.text} t={t} />
        <TrailingControls t={t} />
      </div>
      <BottomSection rows={rows} playingUri={playingUri} images={images} t={t} />
      <ShareSlot />
      {/* spec 000 §2 Modals: the prompt and the unavailable-track notice (a lazy chunk). */}
      <ModalSlot />
    </div>
  );
}
