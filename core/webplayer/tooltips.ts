import type { WebPlayerState } from './state';

/*
 * spec 001 §6 Roles and permissions: "Signup tooltips go to anonymous users and an upgrade tooltip to
 * free users." The web player's controls a visitor's role keeps from them say so on hover and focus
 * (the title the browser shows): an anonymous visitor's library and playlist buttons and play (they
 * hear 30 s previews, spec 000 §4) invite them to sign up; a free listener's play invites them to
 * upgrade (spec 001 §6: only premium registers a playback device, so the engine cannot play for them).
 */

/** Who is listening, as spec 001 §6 tells them apart. */
export type Audience = 'anonymous' | 'free' | 'premium';

/** The controls that carry a tooltip for some audience. */
export type TooltipControl = 'library' | 'playlist' | 'play';

export const SIGN_UP_TOOLTIPS: Readonly<Record<TooltipControl, string>> = {
  library: 'Sign up free to save this to Your Library',
  playlist: 'Sign up free to make playlists',
  play: 'Sign up free to listen to whole songs',
};

export const UPGRADE_TOOLTIP = 'Upgrade to Premium to listen to whole songs here';

/** The page's audience: anonymous without a login, premium by the listener's product, else free. */
export function audienceOf(state: Pick<WebPlayerState, 'loggedIn' | 'product'>): Audience {
  if (!state.loggedIn) return 'anonymous';
  return state.product === 'premium' ? 'premium' : 'free';
}

/** The tooltip a control shows this audience, or null when its own label says enough (premium: always). */
export function tooltipFor(state: Pick<WebPlayerState, 'loggedIn' | 'product'>, control: TooltipControl): string | null {
  const audience = audienceOf(state);
  if (audience === 'anonymous') return SIGN_UP_TOOLTIPS[control];
  if (audience === 'free' && control === 'play') return UPGRADE_TOOLTIP;
  return null;
}
