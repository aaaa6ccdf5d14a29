import type { Image } from '../../core/model/embed-data';
import { chooseImage } from '../../core/widget/image-choice';

export interface CoverArtProps {
  readonly images: ReadonlyArray<Image>;
  /** CSS pixels; spec 000 §9 legacy cover art is 80 px. */
  readonly size: number;
  /** Not fetched while hidden (the big cover art in a basic layout, spec 000 §2). */
  readonly lazy?: boolean;
}

/**
 * A square cover. Both densities are offered through srcset (spec 000 §5 image choice, ratio 1 and
 * 2) so the browser picks by its device pixel ratio: the markup does not depend on the device and
 * hydrates as rendered. (Reading window.devicePixelRatio in an adapter and choosing after hydration
 * would make a high-density screen fetch the ratio-1 image from the server's frame first, then the
 * other.) e2e/image-density.test.ts checks which file loads at ratio 1 and 2.
 */
export function CoverArt({ images, size, lazy = false }: CoverArtProps) {
  const x1 = chooseImage(images, size, 1);
  const x2 = chooseImage(images, size, 2);
  if (x1 === undefined || x2 === undefined) {
    return <span className="cover-art cover-art--empty" data-testid="cover" style={{ width: size, height: size }} />;
  }
  return (
    <img
      className="cover-art"
      data-testid="cover"
      src={x1.url}
      srcSet={x1.url === x2.url ? undefined : `${x1.url} 1x, ${x2.url} 2x`}
      width={size}
      height={size}
      alt=""
      decoding="async"
      loading={lazy ? 'lazy' : undefined}
    />
  );
}
