import type { EmbedConfig } from '../model/embed-data';
import type { WidgetState } from './state';

/**
 * spec 000 §2 Layout variants: "The compact legacy layout of the mini-player variant is a
 * placeholder saying it is not implemented." The variant is chosen by the page (`variant=mini`,
 * carried in the embed data's config), never by the viewport, so the server's first frame shows
 * the placeholder too and hydration matches it.
 */
export function isMiniPlayer(config: Pick<EmbedConfig, 'variant'> | undefined): boolean {
  return config?.variant === 'mini';
}

export function selectIsMiniPlayer(state: Pick<WidgetState, 'config'>): boolean {
  return isMiniPlayer(state.config);
}

/** The translation key of the placeholder's text. */
export const MINI_PLAYER_TEXT_KEY = 'mini_player_not_implemented';
