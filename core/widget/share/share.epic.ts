import { EMPTY, concat, of, type Observable } from 'rxjs';
import { catchError, filter, map, mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import type { Ports } from '../../ports';
import { pauseDecided } from '../actions';
import type { WidgetEpic } from '../widget-epic';
import {
  playOnDesktopRequested,
  shareCopied,
  shareCopyEmbedCodeClicked,
  shareCopyFailed,
  shareCopyLinkClicked,
  shareTargetClicked,
  shareWindowOpened,
  type ShareTargetName,
} from './actions';

/*
 * The share dialog's effects (spec 000 §2 Share dialog, §7 Links built) and the desktop hand-off
 * (spec 000 §4 PLAY_ON_DESKTOP). Windows are opened synchronously inside the visitor's click (the
 * store runs epics in the dispatch), so popup blockers let them through.
 */

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Opens a window; a throwing or refused open is reported as not opened (spec 000 §7: not handled). */
function open(deps: Ports, target: 'go' | ShareTargetName, url: string, features?: string): Observable<Action> {
  return deps.host.open(url, '_blank', features).pipe(
    map((opened) => shareWindowOpened({ target, opened })),
    catchError(() => of(shareWindowOpened({ target, opened: false }))),
  );
}

/** spec 000 §7 Copy link puts the URL on the clipboard; Copy embed code puts the iframe snippet. */
export const shareCopyEpic: WidgetEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter((a) => shareCopyLinkClicked.match(a) || shareCopyEmbedCodeClicked.match(a)),
    mergeMap((a) => {
      const what = shareCopyLinkClicked.match(a) ? 'link' : 'embedCode';
      return deps.host.writeClipboard(a.text).pipe(
        map(() => shareCopied({ what })),
        // spec 000 §7: clipboard failures are not handled (no message to the visitor); recorded only.
        catchError((err: unknown) => of(shareCopyFailed({ what, err: message(err) }))),
      );
    }),
  );

/** spec 000 §7 Share windows: the address and size the dialog built (share/share-links.ts). */
export const shareTargetEpic: WidgetEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(shareTargetClicked.match),
    mergeMap((a) => open(deps, a.target, a.url, a.features ?? undefined)),
  );

/**
 * spec 000 §4 PLAY_ON_DESKTOP: pauses playback and opens the /go window (spec 000 §7 Desktop
 * hand-off: the address the button built with goUrl: uri, product=embed_v2, and for anonymous
 * visitors a redirect to the sign-up link).
 */
export const playOnDesktopEpic: WidgetEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(playOnDesktopRequested.match),
    mergeMap((a) => concat(state$.value.playback.isPlaying ? of(pauseDecided()) : EMPTY, open(deps, 'go', a.url))),
  );

export const shareEpics: ReadonlyArray<WidgetEpic> = [shareCopyEpic, shareTargetEpic, playOnDesktopEpic];
