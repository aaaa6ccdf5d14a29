import { useCallback } from 'react';
import { selectLayout } from '../../core/widget/layout';
import { loginUrl, openUrl, signUpUrl } from '../../core/widget/links';
import { modalCloseRequested } from '../../core/widget/modal/actions';
import type { ModalState } from '../../core/widget/modal/state';
import type { WidgetState } from '../../core/widget/state';
import { useDispatch } from '../hooks/use-dispatch';
import { shallowEqual, useSelector } from '../hooks/use-selector';
import { useTranslate, type Translate } from '../hooks/translate';
import { Modal, type ModalButton } from './modal';

/** What the prompt needs to know about the visitor and the item (spec 000 §6, §7). */
export interface PromptContext {
  readonly isMobile: boolean;
  readonly loggedIn: boolean;
  readonly openUrl: string;
  readonly signUpUrl: string;
  readonly loginUrl: string;
}

export function selectPromptContext(state: WidgetState): PromptContext {
  const open = openUrl(state.config.hosts, state.resourceUri);
  return {
    isMobile: state.platform.isMobile,
    loggedIn: state.session.loggedIn && state.session.accessToken !== null,
    openUrl: open,
    signUpUrl: signUpUrl(state.config.hosts, open),
    loginUrl: loginUrl(state.config.hosts, open),
  };
}

/**
 * spec 000 §6: the platform decides which prompt buttons appear: on mobile only the
 * 'upsell_track_message' text and a link to get the app (the item in the provider's app/site); on
 * desktop sign-up and, unless the visitor is logged in, log-in, each opening the accounts page in a
 * new tab.
 */
export function promptButtons(ctx: PromptContext, t: Translate): ReadonlyArray<ModalButton> {
  if (ctx.isMobile) return [{ label: t('prompt_get_app'), href: ctx.openUrl, primary: true, testId: 'prompt-get-app' }];
  const signUp: ModalButton = { label: t('prompt_sign_up'), href: ctx.signUpUrl, primary: true, testId: 'prompt-sign-up' };
  return ctx.loggedIn ? [signUp] : [signUp, { label: t('prompt_log_in'), href: ctx.loginUrl, testId: 'prompt-log-in' }];
}

/** The modal's area by the measured layout; before a measurement, the top area (the whole panel). */
function selectModalArea(state: WidgetState): 'top' | 'bottom' {
  return selectLayout(state)?.modalArea ?? 'top';
}

/**
 * Loaded as its own chunk (React.lazy in EmbedApp) the first time a modal shows: the prompt modal
 * and the unavailable-track notice of spec 000 §2 / §4 / §8.
 */
export default function ModalLayer() {
  const dispatch = useDispatch();
  const t = useTranslate();
  const modal = useSelector((s): ModalState => s.modal);
  const area = useSelector(selectModalArea);
  const ctx = useSelector(selectPromptContext, shallowEqual);
  const onClose = useCallback((via: 'escape' | 'button') => dispatch(modalCloseRequested({ via })), [dispatch]);

  switch (modal.kind) {
    case 'hidden':
      return null;
    case 'prompt':
      return (
        <Modal header={t(ctx.isMobile ? 'upsell_track_message' : 'prompt_title')} area={area} onClose={onClose} closeLabel={t('modal_close')} buttons={promptButtons(ctx, t)} testId="prompt-modal">
          {ctx.isMobile ? null : <p className="modal__text">{t('prompt_text')}</p>}
        </Modal>
      );
    case 'unavailable-track':
      return <Modal header={t(modal.textKey)} small area={area} onClose={onClose} closeLabel={t('modal_close')} testId="unavailable-modal" />;
  }
}
