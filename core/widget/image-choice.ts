/** The part of an image the choice needs; widths are optional in the Web API objects. */
export interface SizedImage {
  readonly url: string;
  readonly width?: number | null;
}

/** spec 000 §5 Image choice: "2 on high-density devices, else 1". Any device ratio above 1 counts as high density. */
export function densityRatio(devicePixelRatio: number): 1 | 2 {
  return devicePixelRatio > 1 ? 2 : 1;
}

/**
 * spec 000 §5 Image choice: the smallest image at least as wide as the requested width times the
 * pixel ratio. When none is wide enough the largest is the best we have. Images without a width
 * count as 0 px wide. Undefined only for an empty list.
 */
export function chooseImage<I extends SizedImage>(images: ReadonlyArray<I>, width: number, pixelRatio: number): I | undefined {
  const wanted = width * densityRatio(pixelRatio);
  let smallestFitting: I | undefined;
  let largest: I | undefined;
  for (const image of images) {
    const w = image.width ?? 0;
    if (w >= wanted && (smallestFitting === undefined || w < (smallestFitting.width ?? 0))) smallestFitting = image;
    if (largest === undefined || w > (largest.width ?? 0)) largest = image;
  }
  return smallestFitting ?? largest;
}
