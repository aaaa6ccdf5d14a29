import { useCallback } from 'react';
import type { Image } from '../../core/model/embed-data';
import { seekByRequested, skipNextRequested, skipPrevRequested, trackRowClicked } from '../../core/widget/actions';
import { selectIconButtons } from '../../core/widget/icon-buttons';
import { LEGACY_COVER_ART_PX, selectLayout, selectLayoutContent, type Layout, type LayoutContent } from '../../core/widget/layout';
import { SKIP_STEP_MS } from '../../core/widget/track-commands';
import { selectBiography } from '../../core/widget/bio-text';
import { ArtistBio } from '../components/artist-bio';
import { BigCoverArt } from '../components/big-cover-art';
import { Back15Button, Forward15Button, SkipBackButton, SkipForwardButton } from '../components/icon-buttons';
import { TrackList, type TrackListItem } from '../components/track-list';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { VideoSlot } from './video-parts';
import { shallowEqual, useSelector } from '../hooks/use-selector';

/*
 * The parts of the embed screen that depend on the layout variant (spec 000 §2). Which variant
 * applies is decided twice, on purpose: widget.css's media queries lay out every frame, from the
 * server's first one (painted before any script runs and before the viewport is measured) on;
 * core/widget/layout.ts says the same in code once the viewport is measured (data-layout, the
 * header image's size). The markup depends on the resource only, so hydration always matches.
 */

/** The measured layout, or null before the first measurement. */
export function useLayout(): Layout | null {
  return useSelector(selectLayout, shallowEqual);
}

/**
 * The root's class for the CSS rules: with a track list the extended threshold is 150 px, without
 * one 230 px; a single track or episode has big cover art in legacy-extended when its big-cover-art
 * flag is set (spec 000 §3), and a list shows the flagged cover big in the room its rows leave.
 */
export function layoutClassName(content: LayoutContent): string {
  const base = content.trackList ? 'embed--list' : content.singleItem ? 'embed--single embed--single-item' : 'embed--single';
  return content.bigCoverArt && (content.trackList || content.singleItem) ? `${base} embed--big-cover-art` : base;
}

export function useLayoutClassName(): string {
  return layoutClassName(useSelector(selectLayoutContent, shallowEqual));
}

/** The header's cover art size: the measured layout's, else the legacy 80 px (spec 000 §9). */
export function headerCoverPx(layout: Layout | null): number {
  return layout === null ? LEGACY_COVER_ART_PX : Math.round(layout.coverArtPx);
}

export interface BottomSectionProps {
  readonly rows: ReadonlyArray<TrackListItem>;
  readonly playingUri: string | null;
  readonly images: ReadonlyArray<Image>;
  readonly t: Translate;
}

/**
 * spec 000 §2 Bottom section: the track list or the big cover art; CSS hides it in the layouts
 * without one (an empty area then). The track list scrolls unless a modal shows (widget.css).
 *
 * Issue 13: a short list (an album or a show of three, an artist's top tracks and biography) left
 * half of a site owner's default 300x380 embed empty. The flagged cover (spec 000 §3) fills the room
 * the rows leave, as large as that room holds, as a widely used embed shows its art big over its
 * track list; where the room is under the spec's minimum embed art size (80 px, spec 000 §2) or the
 * list scrolls, it is not shown (widget.css). The rows stay whole and first.
 */
export function BottomSection({ rows, playingUri, images, t }: BottomSectionProps) {
  const dispatch = useDispatch();
  const content = useSelector(selectLayoutContent, shallowEqual);
  const onPlay = useCallback((index: number) => dispatch(trackRowClicked({ index })), [dispatch]);
  const biography = useSelector(selectBiography);
  if (content.trackList) {
    return (
      <div className="embed__bottom embed__bottom--list" data-testid="bottom">
        <TrackList items={rows} playingUri={playingUri} t={t} onPlay={onPlay} />
        {/* An artist's biography under the top tracks (spec 000 §5 Bio text). */}
        <ArtistBio biography={biography} t={t} />
        {content.bigCoverArt ? (
          <div className="embed__room-cover">
            <BigCoverArt images={images} testId="room-cover-art">
              <VideoSlot place="big" />
            </BigCoverArt>
          </div>
        ) : null}
      </div>
    );
  }
  if (content.singleItem && content.bigCoverArt) {
    return (
      <div className="embed__bottom embed__bottom--cover" data-testid="bottom">
        <BigCoverArt images={images}>
          <VideoSlot place="big" />
        </BigCoverArt>
      </div>
    );
  }
  return null;
}

/** spec 000 §2 Icon buttons before the progress bar: skip-back, back 15 seconds. */
export function LeadingControls({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const buttons = useSelector(selectIconButtons, shallowEqual);
  const onSkipBack = useCallback(() => dispatch(skipPrevRequested()), [dispatch]);
  const onBack15 = useCallback(() => dispatch(seekByRequested({ deltaMs: -SKIP_STEP_MS })), [dispatch]);
  return (
    <>
      {buttons.skip ? <SkipBackButton t={t} onClick={onSkipBack} /> : null}
      {buttons.jump ? <Back15Button t={t} onClick={onBack15} /> : null}
    </>
  );
}

/** spec 000 §2 Icon buttons after the remaining time: forward 15 seconds, skip-forward. */
export function TrailingControls({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const buttons = useSelector(selectIconButtons, shallowEqual);
  const onSkipForward = useCallback(() => dispatch(skipNextRequested()), [dispatch]);
  const onForward15 = useCallback(() => dispatch(seekByRequested({ deltaMs: SKIP_STEP_MS })), [dispatch]);
  return (
    <>
      {buttons.jump ? <Forward15Button t={t} onClick={onForward15} /> : null}
      {buttons.skip ? <SkipForwardButton t={t} onClick={onSkipForward} /> : null}
    </>
  );
}
