import type { ReactNode } from 'react';
import type { Image } from '../../core/model/embed-data';
import { CoverArt } from './cover-art';

/**
 * The image width asked for (spec 000 §5 image choice): the embed's usual width, spec 000 §9
 * embed iframe size 300 x 380. Fixed, so the server's frame and hydration choose the same image.
 */
export const BIG_COVER_ART_REQUEST_PX = 300;

/**
 * spec 000 §2 Bottom section: the big cover-art area (legacy-extended, a track or an episode), and
 * the cover under a short track list (ui/widget/layout-parts.tsx), told apart by `testId`.
 */
export function BigCoverArt({
  images,
  testId = 'big-cover-art',
  children,
}: {
  readonly images: ReadonlyArray<Image>;
  readonly testId?: string;
  readonly children?: ReactNode;
}) {
  return (
    <div className="big-cover-art" data-testid={testId}>
      <CoverArt images={images} size={BIG_COVER_ART_REQUEST_PX} lazy />
      {/* Issue 18: what shows over the cover in its place (a video episode's picture, ui/widget/video-parts.tsx). */}
      {children}
    </div>
  );
}
