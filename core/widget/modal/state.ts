import type { Draft } from 'immer';
import type { ActionOf } from '../../store/action';
import { isPreviewMode } from '../preview-mode';
import type { WidgetState } from '../state';
import type { licenseFailed } from '../platform/actions';
import type { modalCloseRequested, promptShown, UnavailableTextKey, unavailableShown } from './actions';

/** spec 000 §4 Prompt modal: hidden, the sign-up prompt, or the unavailable-track notice. */
export type ModalState =
  | { readonly kind: 'hidden' }
  | { readonly kind: 'prompt' }
  | { readonly kind: 'unavailable-track'; readonly textKey: UnavailableTextKey }
  /** spec 000 §8: a content-license error from the protected-playback system. */
  | { readonly kind: 'playback-not-supported' };

export const initialModal: ModalState = { kind: 'hidden' };

export type ModalAction =
  ActionOf<typeof promptShown> | ActionOf<typeof unavailableShown> | ActionOf<typeof modalCloseRequested> | ActionOf<typeof licenseFailed>;

/**
 * The prompt modal machine (spec 000 §4): "The prompt is shown only in preview mode ... and never
 * replaces an already visible unavailable-track modal." The notice may replace the prompt: it says
 * why playback stopped, which matters more than the upsell.
 */
export function reduceModal(draft: Draft<WidgetState>, action: ModalAction): void {
  switch (action.type) {
    case 'modal/promptShown':
      // Never over a notice (unavailable track, playback not supported): those say why nothing plays.
      if (isPreviewMode(draft) && (draft.modal.kind === 'hidden' || draft.modal.kind === 'prompt')) draft.modal = { kind: 'prompt' };
      return;
    case 'modal/unavailableShown':
      draft.modal = { kind: 'unavailable-track', textKey: action.textKey };
      return;
    case 'modal/closeRequested':
      draft.modal = initialModal;
      return;
    case 'player/licenseFailed':
      // spec 000 §8: "a playback-not-supported modal is shown"; it says more than any prompt.
      draft.modal = { kind: 'playback-not-supported' };
      return;
  }
}

/** Whether a new prompt would show now: preview mode and nothing else showing (epics check before emitting). */
export function canShowPrompt(state: Pick<WidgetState, 'platform' | 'session' | 'modal'>): boolean {
  return isPreviewMode(state) && state.modal.kind === 'hidden';
}
