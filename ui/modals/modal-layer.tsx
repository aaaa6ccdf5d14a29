import { useCallback } from 'react';
import { selectLayout } from '../../core/widget/layout';
import { goUrl, loginUrl, openUrl, signUpUrl } from '../../core/widget/links';
import { modalCloseRequested } from '../../core/widget/modal/actions';
import { playInMobileAppRequested } from '../../core/widget/platform/actions';
import { playOnDesktopRequested } from '../../core/widget/share/actions';
import type { ModalState } from '../../core/widget/modal/state';
import { selectLoggedIn, selectPromptContent, type PromptContent } from '../../core/widget/modal/prompt-content';
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
  const loggedIn = selectLoggedIn(state);
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
 * spec 000 §6: the platform and the visitor decide which prompt buttons appear (the rule:
 * core/widget/modal/prompt-content.ts). Sign-up and log-in open the accounts pages in a new tab;
 * "play in the app" hands playback to the mobile app (spec 000 §4 PLAY_IN_MOBILE_APP: the universal
 * link opens the app, or the web player where the app is not installed); "play in the web player"
 * pauses and opens the /go window (spec 000 §4 PLAY_ON_DESKTOP).
 */
export function promptButtons(ctx: PromptContext, content: PromptContent, t: Translate, on: PromptHandlers): ReadonlyArray<ModalButton> {
  return content.buttons.map(({ kind, primary }): ModalButton => {
    switch (kind) {
      case 'signUp':
        return { label: t('prompt_sign_up'), href: ctx.signUpUrl, primary, testId: 'prompt-sign-up' };
      case 'logIn':
        return { label: t('prompt_log_in'), href: ctx.loginUrl, primary, testId: 'prompt-log-in' };
      case 'playOnDesktop':
        return { label: t('prompt_play_on_desktop'), onClick: on.playOnDesktop, primary, testId: 'prompt-play-on-desktop' };
      case 'playInApp':
        return { label: t('prompt_play_in_app'), onClick: on.playInApp, primary, testId: 'prompt-play-in-app' };
    }
  });
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
  const content = useSelector(selectPromptContent, shallowEqual);
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
        <Modal
          header={t(content.headingKey)}
          area={area}
          onClose={onClose}
          closeLabel={t('modal_close')}
          buttons={promptButtons(ctx, content, t, handlers)}
          testId="prompt-modal"
        >
          {content.textKey === null ? null : <p className="modal__text">{t(content.textKey)}</p>}
        </Modal>
      );
    case 'unavailable-track':
      return <Modal header={t(modal.textKey)} small area={area} onClose={onClose} closeLabel={t('modal_close')} testId="unavailable-modal" />;
    case 'playback-not-supported':
      return (
        <Modal header={t('playback_not_supported')} small area={area} onClose={onClose} closeLabel={t('modal_close')} testId="playback-not-supported-modal" />
      );
  }
}
