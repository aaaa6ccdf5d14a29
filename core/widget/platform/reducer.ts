import type { Draft } from 'immer';
import type { ActionOf } from '../../store/action';
import type { WidgetState } from '../state';
import type { mobileAppHandoffDecided, platformRead, previewForced } from './actions';
import { appDetectedFromCookie } from './mobile-handoff';
import { isMobileUserAgent, isSafariUserAgent } from './user-agent';

export type PlatformAction = ActionOf<typeof platformRead> | ActionOf<typeof mobileAppHandoffDecided> | ActionOf<typeof previewForced>;

/** The platform flags of spec 000 §3 and the rules of spec 000 §4 that set them. */
export function reducePlatform(draft: Draft<WidgetState>, action: PlatformAction): void {
  const { platform } = draft;
  switch (action.type) {
    case 'widget/platformRead':
      platform.isMobile = isMobileUserAgent(action.userAgent);
      platform.isSafari = isSafariUserAgent(action.userAgent);
      // A flag set already (by a hand-off) stays set: the cookie only adds what an earlier page learnt.
      platform.mobileAppInstalled = platform.mobileAppInstalled || appDetectedFromCookie(action.handoffCookie);
      platform.pageSearch = action.search;
      return;
    case 'handoff/mobileAppDecided':
      // spec 000 §4 PLAY_IN_MOBILE_APP: sets the mobile-app-installed flag true.
      platform.mobileAppInstalled = true;
      return;
    case 'playback/previewForced':
      // spec 000 §4: "set playback to preview" sets forcePreview true.
      platform.forcePreview = true;
      return;
  }
}
