import { useCallback } from 'react';
import { selectLayout } from '../../core/widget/layout';
import { goUrl, loginUrl, openUrl, signUpUrl } from '../../core/widget/links';
import { modalCloseRequested } from '../../core/widget/modal/actions';
import { playInMobileAppRequested } from '../../core/widget/platform/actions';
import { playOnDesktopRequested } from '../../core/widget/share/actions';
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
  /** spec 000 §7 Desktop hand-off: the /go window (uri, product=embed_v2, redirect for anonymous visitors). */
  readonly goUrl: string;
}

export function selectPromptContext(state: WidgetState): PromptContext {
  const open = openUrl(state.config.hosts, state.resourceUri);
  const loggedIn = state.session.loggedIn && state.session.accessToken !== null;
  return {
    isMobile: state.platform.isMobile,
    loggedIn,
    openUrl: open,
    signUpUrl: signUpUrl(state.config.hosts, open),
    loginUrl: loginUrl(state.config.hosts, open),
    goUrl: goUrl(state.config.hosts, state.resourceUri, loggedIn),
  };
}

/** What the prompt's hand-off buttons do (dispatches: the epics pause and hand off). */
export interface PromptHandlers {
  /** spec 000 §4 PLAY_IN_MOBILE_APP. */
  readonly playInApp: () => void;
  /** spec 000 §4 PLAY_ON_DESKTOP. */
  readonly playOnDesktop: () => void;
}

/**
 * spec 000 §6: the platform decides which prompt buttons appear. On mobile: the
 * 'upsell_track_message' text and one button that hands playback off to the mobile app (spec 000
 * §4 PLAY_IN_MOBILE_APP: the universal link opens the app, or the web player where the app is not
 * installed). On desktop: sign-up and, unless the visitor is logged in, log-in, each opening the
 * accounts page in a new tab, then "play in the web player" (spec 000 §4 PLAY_ON_DESKTOP: pause and
 * the /go window), as a widely used embed offers beside its upsell.
 */
export function promptButtons(ctx: PromptContext, t: Translate, on: PromptHandlers): ReadonlyArray<ModalButton> {
  if (ctx.isMobile) return [{ label: t('prompt_play_in_app'), onClick: on.playInApp, primary: true, testId: 'prompt-play-in-app' }];
  const signUp: ModalButton = { label: t('prompt_sign_up'), href: ctx.signUpUrl, primary: true, testId: 'prompt-sign-up' };
  const desktop: ModalButton = { label: t('prompt_play_on_desktop'), onClick: on.playOnDesktop, testId: 'prompt-play-on-desktop' };
  return ctx.loggedIn ? [signUp, desktop] : [signUp, { label: t('prompt_log_in'), href: ctx.loginUrl, testId: 'prompt-log-in' }, desktop];
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
  const handlers: PromptHandlers = {
    playInApp: () => dispatch(playInMobileAppRequested()),
    playOnDesktop: () => dispatch(playOnDesktopRequested({ url: ctx.goUrl })),
  };

  switch (modal.kind) {
    case 'hidden':
      return null;
    case 'prompt':
      return (
        <Modal header={t(ctx.isMobile ? 'upsell_track_message' : 'prompt_title')} area={area} onClose={onClose} closeLabel={t('modal_close')} buttons={promptButtons(ctx, t, handlers)} testId="prompt-modal">
          {ctx.isMobile ? null : <p className="modal__text">{t('prompt_text')}</p>}
        </Modal>
      );
    case 'unavailable-track':
      return <Modal header={t(modal.textKey)} small area={area} onClose={onClose} closeLabel={t('modal_close')} testId="unavailable-modal" />;
    case 'playback-not-supported':
      return <Modal header={t('playback_not_supported')} small area={area} onClose={onClose} closeLabel={t('modal_close')} testId="playback-not-supported-modal" />;
  }
}
