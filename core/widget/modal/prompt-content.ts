import type { ResourceType } from '../../model/embed-data';
import type { WidgetState } from '../state';

/*
 * What the sign-up prompt says and offers (spec 000 §4 Prompt modal, §6 Roles and permissions), as
 * a pure rule of the visitor and the resource. The modal (ui/modals/modal-layer.tsx) renders it.
 */

/** The prompt's actions: spec 000 §7 Sign-up and Login links, §4 PLAY_ON_DESKTOP, PLAY_IN_MOBILE_APP. */
export type PromptButtonKind = 'signUp' | 'logIn' | 'playOnDesktop' | 'playInApp';

export interface PromptButtonChoice {
  readonly kind: PromptButtonKind;
  readonly primary: boolean;
}

export interface PromptContent {
  /** Translation key of the heading. */
  readonly headingKey: string;
  /** Translation key of the paragraph under it; null on mobile (the heading says it all). */
  readonly textKey: string | null;
  readonly buttons: ReadonlyArray<PromptButtonChoice>;
}

export interface PromptVisitor {
  /** The resource's type; undefined before the resource is known (treated as a track). */
  readonly type: ResourceType | undefined;
  readonly isMobile: boolean;
  /** spec 000 §6: logged in means both the logged-in flag and an access token. */
  readonly loggedIn: boolean;
}

/**
 * The heading names what the visitor heard a preview of (issue 13: an episode is not a "track"),
 * as the call-to-action text does (spec 000 §2, call-to-action.ts).
 */
export const PROMPT_TITLE_KEYS: Readonly<Record<ResourceType, string>> = {
  track: 'prompt_title_track',
  album: 'prompt_title_album',
  playlist: 'prompt_title_playlist',
  artist: 'prompt_title_artist',
  show: 'prompt_title_show',
  episode: 'prompt_title_episode',
};

// Constants, so that a selector's shallow comparison sees the same buttons from one state to the next.
const APP_BUTTONS: ReadonlyArray<PromptButtonChoice> = [{ kind: 'playInApp', primary: true }];
const WEB_PLAYER_BUTTONS: ReadonlyArray<PromptButtonChoice> = [{ kind: 'playOnDesktop', primary: true }];
const ANONYMOUS_BUTTONS: ReadonlyArray<PromptButtonChoice> = [
  { kind: 'signUp', primary: true },
  { kind: 'logIn', primary: false },
  { kind: 'playOnDesktop', primary: false },
];

const isPodcast = (type: ResourceType | undefined) => type === 'show' || type === 'episode';

/**
 * spec 000 §6: "On mobile the upsell message key is 'upsell_track_message'" and one button hands
 * playback to the app. For a show or an episode the spec's key would promise "the full track": its
 * podcast counterpart 'upsell_episode_message' says "episode" (issue 13).
 *
 * On desktop, spec 000 §6: an anonymous visitor is "shown sign-up and login links"; a logged-in one
 * is "not offered the login button". Issue 13: nor the sign-up one - a logged-in listener who still
 * hears a preview (a free account, whose full playback the provider refuses, spec 001 §6 "PREMIUM_
 * REQUIRED"; or Safari and mobile, where preview is forced) has an account already. The web player
 * (spec 000 §4 PLAY_ON_DESKTOP, the /go window without a sign-up redirect for them, §7) is where they
 * hear the item in full, so it is their primary action and the text says so.
 */
export function promptContent(visitor: PromptVisitor): PromptContent {
  const podcast = isPodcast(visitor.type);
  if (visitor.isMobile) {
    return { headingKey: podcast ? 'upsell_episode_message' : 'upsell_track_message', textKey: null, buttons: APP_BUTTONS };
  }
  const headingKey = PROMPT_TITLE_KEYS[visitor.type ?? 'track'];
  if (visitor.loggedIn) return { headingKey, textKey: 'prompt_text_logged_in', buttons: WEB_PLAYER_BUTTONS };
  return { headingKey, textKey: podcast ? 'prompt_text_episode' : 'prompt_text', buttons: ANONYMOUS_BUTTONS };
}

/** spec 000 §6: logged in needs both the logged-in flag and an access token. */
export function selectLoggedIn(state: Pick<WidgetState, 'session'>): boolean {
  return state.session.loggedIn && state.session.accessToken !== null;
}

export function selectPromptContent(state: WidgetState): PromptContent {
  return promptContent({ type: state.entities[state.resourceUri]?.type, isMobile: state.platform.isMobile, loggedIn: selectLoggedIn(state) });
}
