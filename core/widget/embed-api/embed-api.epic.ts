import { of } from 'rxjs';
import { catchError, distinctUntilChanged, filter, ignoreElements, map, mergeMap, startWith, switchMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import type { WidgetEpic } from '../widget-epic';
import { embedApiCommandReceived, embedApiContextChangeDecided, embedApiMessageIgnored, embedApiMessageReceived, embedApiPostFailed } from './actions';
import { apiCommandDecisions } from './commands';
import { embedContextOf, sameContextKey } from './context-of';
import { CONTEXT_CHANGE_TYPE, decodeEmbedApiMessage, EMBED_SOURCE } from './message';

/** spec 000 §5: every raw message is decoded; only objects with a type and source embed-api are accepted. */
export const embedApiMessageEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(embedApiMessageReceived.match),
    // Messages reach the store only when embed-api=1; a log without the flag is not obeyed either.
    filter(() => state$.value.embedApi?.enabled === true),
    map((a): Action => {
      const decoded = decodeEmbedApiMessage(a.data);
      return decoded.ok
        ? embedApiCommandReceived({ command: decoded.command, messageType: decoded.messageType, channelId: decoded.channelId })
        : embedApiMessageIgnored({ reason: decoded.reason });
    }),
  );

/** spec 000 §7: api/play, api/stop, api/next, api/prev control playback (see commands.ts). */
export const embedApiCommandEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(embedApiCommandReceived.match),
    mergeMap((a) => apiCommandDecisions(state$.value, a.command)),
  );

/** spec 000 §7: api/context and any unknown type send the context immediately (on the message's channel, else the stored one). */
export const embedApiContextReplyEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(embedApiCommandReceived.match),
    filter((a) => a.command === 'context'),
    map((a) => embedApiContextChangeDecided({ channelId: a.channelId ?? state$.value.embedApi.channelId, context: embedContextOf(state$.value) })),
  );

/**
 * spec 000 §7: after api/connect, updates are sent on state change only if uri, isPlaying or the
 * current track uri changed. Our choice (the spec does not say): the connect itself is answered
 * with the current context, so the page knows the state at once and knows it is connected.
 */
export const embedApiUpdatesEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(embedApiCommandReceived.match),
    filter((a) => a.command === 'connect'),
    switchMap(() =>
      action$.pipe(
        map(() => embedContextOf(state$.value)),
        startWith(embedContextOf(state$.value)),
        distinctUntilChanged(sameContextKey),
        map((context) => embedApiContextChangeDecided({ channelId: state$.value.embedApi.channelId, context })),
      ),
    ),
  );

/** spec 000 §7: sent to the parent, to any origin: type contextchange, source embed, channelId, context. */
export const embedApiPostEpic: WidgetEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(embedApiContextChangeDecided.match),
    mergeMap((a) =>
      deps.host.postToParent({ type: CONTEXT_CHANGE_TYPE, source: EMBED_SOURCE, channelId: a.channelId, context: a.context }, '*').pipe(
        ignoreElements(),
        catchError((err: unknown) => of(embedApiPostFailed({ message: err instanceof Error && err.message !== '' ? err.message : 'No error message' }))),
      ),
    ),
  );

/** In this order: decode, obey, answer, update, post. */
export const embedApiEpics: ReadonlyArray<WidgetEpic> = [
  embedApiMessageEpic,
  embedApiCommandEpic,
  embedApiContextReplyEpic,
  embedApiUpdatesEpic,
  embedApiPostEpic,
];
