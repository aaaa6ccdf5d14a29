import type { Image, Resource } from '../model/embed-data';

/*
 * spec 000 §3: every resource carries "a big-cover-art flag", which decides big cover art together
 * with the layout rule of spec 000 §2 (core/widget/layout.ts). The spec does not say where the flag
 * comes from. The catalogue has no such column; the provider (server/embed/embed-data.ts) sets it
 * from what big cover art needs: a cover image big enough to be shown big (hasBigCoverArtImage),
 * unless the resource object carries the flag already.
 */

/**
 * The smallest image width that may be shown as big cover art: the embed's default width (spec 000
 * §9 Embed iframe size 300 x 380), the width the big cover art asks for (spec 000 §5 image choice,
 * ui/components/big-cover-art.tsx). A smaller cover would be blown up past its pixels.
 */
export const BIG_COVER_ART_MIN_IMAGE_PX = 300;

/** The resource's cover art (spec 000 §3: album.images for a track, its own or show.images for an episode). */
export function coverImagesOf(resource: Resource): ReadonlyArray<Image> {
  switch (resource.type) {
    case 'track':
      return resource.album?.images ?? [];
    case 'episode':
      return resource.images ?? resource.show?.images ?? [];
    default:
      return resource.images;
  }
}

/** Whether the resource has a cover image at least BIG_COVER_ART_MIN_IMAGE_PX wide (the flag's source). */
export function hasBigCoverArtImage(resource: Resource): boolean {
  return coverImagesOf(resource).some((image) => (image.width ?? 0) >= BIG_COVER_ART_MIN_IMAGE_PX);
}

/** spec 000 §3 the resource's big-cover-art flag; absent means no (the provider always sends it). */
export function bigCoverArtFlag(resource: Resource | undefined): boolean {
  return resource?.has_big_cover_art === true;
}
