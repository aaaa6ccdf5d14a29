import { produce } from 'immer';
import { widgetReducer } from '../reducer';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import { licenseFailed } from '../platform/actions';
import { modalCloseRequested, promptShown, unavailableShown } from './actions';
import { canShowPrompt, type ModalState } from './state';

const anonymous = initialWidgetState(albumData());
const loggedIn = produce(anonymous, (s) => {
  s.session = { loggedIn: true, accessToken: 'token' };
});
const withModal = (state: WidgetState, modal: ModalState): WidgetState => ({ ...state, modal });
const notice: ModalState = { kind: 'unavailable-track', textKey: 'embed_track_not_available' };

describe('prompt modal machine (spec 000 §4 Prompt modal)', () => {
  it('starts hidden', () => {
    expect(anonymous.modal).toEqual({ kind: 'hidden' });
  });

  it.each<[string, WidgetState, ReturnType<typeof promptShown | typeof unavailableShown | typeof modalCloseRequested | typeof licenseFailed>, ModalState]>([
    ['show-prompt in preview mode: hidden -> prompt', anonymous, promptShown(), { kind: 'prompt' }],
    ['show-prompt outside preview mode (logged in, token): stays hidden', loggedIn, promptShown(), { kind: 'hidden' }],
    [
      'show-prompt for a logged-in visitor forced into preview (Safari): prompt',
      produce(loggedIn, (s) => {
        s.platform.isSafari = true;
      }),
      promptShown(),
      { kind: 'prompt' },
    ],
    ['show-prompt never replaces a visible unavailable-track modal', withModal(anonymous, notice), promptShown(), notice],
    ['unavailable-track event: hidden -> unavailable-track', anonymous, unavailableShown({ textKey: 'embed_track_not_available' }), notice],
    [
      'unavailable-track event replaces the prompt',
      withModal(anonymous, { kind: 'prompt' }),
      unavailableShown({ textKey: 'embed_episode_preview_not_available' }),
      { kind: 'unavailable-track', textKey: 'embed_episode_preview_not_available' },
    ],
    ['hide (Escape): prompt -> hidden', withModal(anonymous, { kind: 'prompt' }), modalCloseRequested({ via: 'escape' }), { kind: 'hidden' }],
    ['hide (close button): unavailable-track -> hidden', withModal(anonymous, notice), modalCloseRequested({ via: 'button' }), { kind: 'hidden' }],
    // spec 000 §8: a content-license error from the protected-playback system shows playback-not-supported.
    [
      'content-license error: prompt -> playback-not-supported',
      withModal(anonymous, { kind: 'prompt' }),
      licenseFailed({ code: 'EME_LICENSE_REQUEST_FAILED', message: 'widevine error' }),
      { kind: 'playback-not-supported' },
    ],
    [
      'show-prompt never replaces playback-not-supported',
      withModal(anonymous, { kind: 'playback-not-supported' }),
      promptShown(),
      { kind: 'playback-not-supported' },
    ],
  ])('%s', (_rule, state, action, expected) => {
    expect(widgetReducer(state, action).modal).toEqual(expected);
  });

  it('a new prompt can show only in preview mode with nothing showing', () => {
    expect(canShowPrompt(anonymous)).toBe(true);
    expect(canShowPrompt(loggedIn)).toBe(false);
    expect(canShowPrompt(withModal(anonymous, { kind: 'prompt' }))).toBe(false);
    expect(canShowPrompt(withModal(anonymous, notice))).toBe(false);
  });
});
