import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { produce } from 'immer';
import type { EmbedData, ResourceType } from '../../model/embed-data';
import { previewForced } from '../platform/actions';
import { widgetReducer } from '../reducer';
import { initialWidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { isPreviewMode } from '../preview-mode';
import { promptContent, selectPromptContent, type PromptContent } from './prompt-content';

const anonymousDesktop: PromptContent['buttons'] = [
  { kind: 'signUp', primary: true },
  { kind: 'logIn', primary: false },
  { kind: 'playOnDesktop', primary: false },
];

describe('the prompt heading fits the resource (issue 13: an episode is not a "track"; spec 000 §4 Prompt modal)', () => {
  it.each<[ResourceType, string, string]>([
    ['track', 'prompt_title_track', 'prompt_text'],
    ['album', 'prompt_title_album', 'prompt_text'],
    ['playlist', 'prompt_title_playlist', 'prompt_text'],
    ['artist', 'prompt_title_artist', 'prompt_text'],
    ['show', 'prompt_title_show', 'prompt_text_episode'],
    ['episode', 'prompt_title_episode', 'prompt_text_episode'],
  ])('desktop, anonymous, %s: heading %s, text %s', (type, headingKey, textKey) => {
    expect(promptContent({ type, isMobile: false, loggedIn: false })).toEqual({ headingKey, textKey, buttons: anonymousDesktop });
  });

  it.each<[ResourceType, string]>([
    ['track', 'upsell_track_message'],
    ['album', 'upsell_track_message'],
    ['playlist', 'upsell_track_message'],
    ['artist', 'upsell_track_message'],
    ['show', 'upsell_episode_message'],
    ['episode', 'upsell_episode_message'],
  ])("mobile, %s: spec 000 §6's upsell key (its podcast counterpart for shows and episodes), one button to the app", (type, headingKey) => {
    for (const loggedIn of [false, true]) {
      expect(promptContent({ type, isMobile: true, loggedIn })).toEqual({ headingKey, textKey: null, buttons: [{ kind: 'playInApp', primary: true }] });
    }
  });

  it('before the resource is known: the track texts', () => {
    expect(promptContent({ type: undefined, isMobile: false, loggedIn: false }).headingKey).toBe('prompt_title_track');
  });
});

describe('a logged-in listener is not offered "Sign up" (issue 13; spec 000 §6: not offered the login button either)', () => {
  // spec 000 §3 Session, as the embed page gives it to the free demo listener (free/free).
  const freeListener: EmbedData = {
    ...albumData(),
    session: { loggedIn: true, accessToken: 'token-of-free', accessTokenExpirationTimestampMs: 1_800_000_000_000, market: 'SE' },
  };

  it('the free listener, forced into preview by the refused registration (spec 001 §6 PREMIUM_REQUIRED): the web player, no sign-up, no log-in', () => {
    const state = widgetReducer(initialWidgetState(freeListener), previewForced({ code: 'LIST_PLAYER_NO_TRACK_PLAYER' }));
    // The prompt shows only in preview mode (spec 000 §4): this is the state in which a free listener sees it.
    expect(isPreviewMode(state)).toBe(true);
    expect(selectPromptContent(state)).toEqual({
      headingKey: 'prompt_title_album',
      textKey: 'prompt_text_logged_in',
      buttons: [{ kind: 'playOnDesktop', primary: true }],
    });
  });

  it('a logged-in listener on Safari (preview forced) alike', () => {
    const state = produce(initialWidgetState(freeListener), (s) => {
      s.platform.isSafari = true;
    });
    expect(selectPromptContent(state).buttons.map((b) => b.kind)).toEqual(['playOnDesktop']);
  });

  it('the logged-in flag without a token is not logged in (spec 000 §6): sign-up and log-in are offered', () => {
    const state = produce(initialWidgetState(freeListener), (s) => {
      s.session = { loggedIn: true, accessToken: null };
    });
    expect(selectPromptContent(state).buttons).toEqual(anonymousDesktop);
  });

  it('an anonymous visitor (no session, spec 000 §6): sign-up (primary), log-in and the web player', () => {
    expect(selectPromptContent(initialWidgetState(albumData())).buttons).toEqual(anonymousDesktop);
  });
});

describe('every text the prompt can show is translated (fixtures/translations; server/embed/locale.test.ts holds the other locales to en)', () => {
  const en = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/translations/en.json'), 'utf8')) as Record<string, string>;
  const types: ReadonlyArray<ResourceType> = ['track', 'album', 'playlist', 'artist', 'show', 'episode'];
  const keys = new Set(
    types.flatMap((type) =>
      [false, true].flatMap((isMobile) =>
        [false, true].flatMap((loggedIn) => {
          const c = promptContent({ type, isMobile, loggedIn });
          return c.textKey === null ? [c.headingKey] : [c.headingKey, c.textKey];
        }),
      ),
    ),
  );

  it.each([...keys])('%s is in en.json', (key) => {
    expect(typeof en[key]).toBe('string');
  });

  it('no podcast heading or text speaks of a "track"', () => {
    for (const type of ['show', 'episode'] as const) {
      for (const isMobile of [false, true]) {
        const c = promptContent({ type, isMobile, loggedIn: false });
        expect([c.headingKey, c.textKey].map((k) => (k === null ? '' : en[k])).join(' ')).not.toMatch(/track/i);
      }
    }
  });
});
