import type { Resource } from '../model/embed-data';
import { trackListOf } from '../lists/preview-player';
import { bigCoverArtFlag } from './big-cover-art';
import type { WidgetState } from './state';

/*
 * The layout variants of spec 000 §2 as pure rules. The widget's CSS (ui/widget/widget.css) applies
 * the same rules with media queries, so the server's first frame, painted before any script runs
 * and before the viewport is measured, already has the right layout; this module says which
 * layout that is (for the data-layout attribute, modal placement and image sizes), and the
 * Chromium test e2e/layouts.test.ts checks that both agree. Keep the two in step.
 */

/** spec 000 §2 / §9 Modern-layout width threshold: 999999 (a placeholder: effectively always legacy). */
export const MODERN_LAYOUT_WIDTH_THRESHOLD = 999999;
/** spec 000 §2 / §9 Height thresholds: extended above 230 px for a single track or episode... */
export const EXTENDED_HEIGHT_SINGLE_PX = 230;
/** ...or above 150 px when a track list is shown. */
export const EXTENDED_HEIGHT_LIST_PX = 150;
/** spec 000 §9 Legacy cover art: 80 px. */
export const LEGACY_COVER_ART_PX = 80;
/** spec 000 §2: in modern layout the cover art is at least 161 px... */
export const MODERN_COVER_ART_MIN_PX = 161;

/**
 * The compact player (issue 13, not a spec 000 variant): legacy and under 300 px tall, the header
 * is the 80 px cover art's height, with the track info and the controls beside it, so that at
 * 80 px every control shows and the bottom section gets the rest. widget.css applies it with
 * (max-height: 299.98px); e2e/compact-sizes.test.ts checks 80, 152, 232 and 380 px.
 */
export const COMPACT_HEIGHT_PX = 300;

export type WidthVariant = 'legacy' | 'modern';
export type HeightVariant = 'extended' | 'basic';
/** What the bottom section shows; 'empty' is spec 000 §2's "absent ... an empty area". */
export type BottomSection = 'trackList' | 'bigCoverArt' | 'empty';

export interface Layout {
  readonly width: WidthVariant;
  readonly height: HeightVariant;
  /** spec 000 §2: tiny is legacy combined with basic. */
  readonly tiny: boolean;
  /** The compact player: legacy under COMPACT_HEIGHT_PX (the header is 80 px tall). */
  readonly compact: boolean;
  /** The data-layout name: legacy-extended, legacy-basic (tiny), modern-extended, modern-basic. */
  readonly name: string;
  readonly coverArtPx: number;
  readonly bottom: BottomSection;
  /** spec 000 §2 Modals: in the top area if the layout has no bottom section, else in the bottom area. */
  readonly modalArea: 'top' | 'bottom';
}

/** What the layout rules need to know about the resource; fixed for a page, so the CSS can know it too. */
export interface LayoutContent {
  /** A track list is shown: a list resource with at least one track (spec 000 §2: no tracks renders nothing). */
  readonly trackList: boolean;
  /** A single track or episode resource (spec 000 §2: big cover art in legacy-extended). */
  readonly singleItem: boolean;
  /** spec 000 §3 the resource's big-cover-art flag (core/widget/big-cover-art.ts): without it, no big cover art. */
  readonly bigCoverArt: boolean;
}

export function layoutContent(resource: Resource | undefined): LayoutContent {
  if (resource === undefined) return { trackList: false, singleItem: false, bigCoverArt: false };
  const singleItem = resource.type === 'track' || resource.type === 'episode';
  return { trackList: !singleItem && trackListOf(resource).length > 0, singleItem, bigCoverArt: bigCoverArtFlag(resource) };
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/**
 * spec 000 §2 Layout variants. Legacy below the width threshold, modern from it on; extended
 * above 230 px (single track or episode, or anything without a track list) or above 150 px with
 * a track list, basic otherwise. Big cover art fills the bottom section in legacy-extended for a
 * track or an episode whose big-cover-art flag is set (spec 000 §3); without the flag that section
 * is empty, and a modal shows in the top area. (Under a short track list, widget.css shows the
 * flagged cover big in the room the rows leave, issue 13: no layout variant of its own.) `modernThreshold` overrides the spec's placeholder (the CSS uses
 * the default, so an override is for callers that render without the stylesheet's media queries).
 */
export function computeLayout(viewport: Viewport, content: LayoutContent, modernThreshold = MODERN_LAYOUT_WIDTH_THRESHOLD): Layout {
  const width: WidthVariant = viewport.width >= modernThreshold ? 'modern' : 'legacy';
  const heightLimit = content.trackList ? EXTENDED_HEIGHT_LIST_PX : EXTENDED_HEIGHT_SINGLE_PX;
  const height: HeightVariant = viewport.height > heightLimit ? 'extended' : 'basic';
  const bottom: BottomSection =
    height === 'basic' ? 'empty' : content.trackList ? 'trackList' : width === 'legacy' && content.singleItem && content.bigCoverArt ? 'bigCoverArt' : 'empty';
  return {
    width,
    height,
    tiny: width === 'legacy' && height === 'basic',
    compact: width === 'legacy' && viewport.height < COMPACT_HEIGHT_PX,
    name: `${width}-${height}`,
    coverArtPx: coverArtPx(width, viewport.height),
    bottom,
    modalArea: bottom === 'empty' ? 'top' : 'bottom',
  };
}

/**
 * spec 000 §2 Cover-art block: 80 px in legacy; in modern at least 161 px and at most one third of
 * the viewport height. When a third is less than 161 px the two bounds conflict; the minimum wins
 * (CSS: max(161px, 100vh / 3)).
 */
export function coverArtPx(width: WidthVariant, viewportHeight: number): number {
  return width === 'legacy' ? LEGACY_COVER_ART_PX : Math.max(MODERN_COVER_ART_MIN_PX, viewportHeight / 3);
}

/** The layout of the measured viewport; null before the first measurement (the CSS decides alone then). */
export function selectLayout(state: WidgetState): Layout | null {
  const { viewport } = state;
  if (viewport.width <= 0 && viewport.height <= 0) return null;
  return computeLayout(viewport, selectLayoutContent(state));
}

export function selectLayoutContent(state: WidgetState): LayoutContent {
  return layoutContent(state.entities[state.resourceUri]);
}
