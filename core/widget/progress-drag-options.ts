import type { WidgetState } from './state';

/** The progress bar's options of spec 000 §2, as the embed page's config features may set them. */
export interface ProgressBarOptions {
  readonly thumbOnHover: boolean;
  readonly updateWhileDragging: boolean;
  readonly ignoreStart: boolean;
}

/** The names of the options in `config.features` (the embed page's JSON, spec 000 §3). */
export const PROGRESS_FEATURES = {
  thumbOnHover: 'progressThumbOnHover',
  updateWhileDragging: 'progressUpdateWhileDragging',
  ignoreStart: 'progressIgnoreStart',
} as const;

/**
 * Defaults a widely used embed has (the spec names the options but not their values):
 * - thumbOnHover on: a mouse user sees a handle when pointing at the bar, as in the common
 *   players, which tells them it can be dragged; touch screens have no hover, so they are unchanged.
 * - updateWhileDragging off: the audio seeks once on press and once on release instead of up to
 *   20 times a second (each seek of a stream refetches bytes); the tooltip shows the time meanwhile.
 * - ignoreStart off: "Click or drag to seek" — a plain click must seek, and a click is a drag start.
 */
export const DEFAULT_PROGRESS_BAR_OPTIONS: ProgressBarOptions = {
  thumbOnHover: true,
  updateWhileDragging: false,
  ignoreStart: false,
};

/** The options, each from its config feature when the page sets it, else the default. */
export function selectProgressBarOptions(state: WidgetState): ProgressBarOptions {
  const features = state.config.features;
  const pick = (key: keyof ProgressBarOptions): boolean => features[PROGRESS_FEATURES[key]] ?? DEFAULT_PROGRESS_BAR_OPTIONS[key];
  return {
    thumbOnHover: pick('thumbOnHover'),
    updateWhileDragging: pick('updateWhileDragging'),
    ignoreStart: pick('ignoreStart'),
  };
}
