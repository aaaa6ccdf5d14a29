import { Observable, Subscription } from 'rxjs';
import { map, switchMap, take } from 'rxjs/operators';
import { sessionIdFrom } from '../logging/session-id';
import { decodeAudioFact } from './audio-fact';
import type { Ports } from '../ports';
import type { Store } from '../store/store';
import { mediaFailed, sessionStarted, viewportMeasured, windowResized } from './actions';
import type { WidgetState } from './state';
import { bindEmbedApiFacts, type MessageReader } from './embed-api/facts';
import { bindStoredVolume } from './volume/stored-volume-fact';
import type { Action } from '../store/action';
import { engineEventRejected } from './full-playback/actions';

/**
 * Binds what the world tells the widget to the store, as `src: 'adapter'` actions (core/ports.ts):
 * first the start-up facts of spec 000 §4 (a session id drawn from the random port, the viewport
 * as measured now), then every audio element event and raw window resize as they come.
 *
 * The start-up facts are inputs, not epic output, on purpose: a session id and a viewport come
 * from the world, so engine replay must feed them back from the log (fake ports cannot
 * regenerate a browser's random draw or window size). Engine replay does not call this.
 * `embedApiReader$`: see bindEmbedApiFacts (`of(recordedMessage)` binds the messages at once).
 * `engineEventDecoder$`: full-playback/engine-facts.ts decodeEngineEvent, once there (`of(decodeEngineEvent)`
 * at once). The browser takes it from the lazy chunk: only a page that waited for that chunk starts
 * the engine (its command epics are in it), so no engine event comes before the decoder does.
 */
export function bindAdapterFacts(
  store: Store<WidgetState>,
  ports: Ports,
  options: { readonly embedApiReader$: Observable<MessageReader>; readonly engineEventDecoder$: Observable<(raw: unknown) => Action> },
): Subscription {
  const subscription = new Subscription();
  store.dispatch(sessionStarted({ sessionId: sessionIdFrom(ports.random) }), 'adapter');
  subscription.add(
    ports.host
      .viewport()
      .pipe(take(1))
      // No measurement: the state keeps the viewport it started with; resizes still update it.
      .subscribe({ next: (v) => store.dispatch(viewportMeasured({ width: v.width, height: v.height }), 'adapter'), error: () => undefined }),
  );
  subscription.add(
    ports.audio.facts$.subscribe({
      next: (fact) => store.dispatch(decodeAudioFact(fact), 'adapter'),
      error: (err: unknown) =>
        store.dispatch(
          mediaFailed({ code: 'MEDIA_FACTS_FAILED', message: `Audio events stopped: ${err instanceof Error ? err.message : String(err)}` }),
          'adapter',
        ),
    }),
  );
  subscription.add(
    ports.host.resize$.subscribe({
      next: (v) => store.dispatch(windowResized({ width: v.width, height: v.height }), 'adapter'),
      // A host that cannot report resizes keeps the last viewport: nothing to tell the store.
      error: () => undefined,
    }),
  );
  // spec 000 §7: with embed-api=1, the flag and every message from the parent page.
  subscription.add(bindEmbedApiFacts(store, ports, options.embedApiReader$));
  // spec 001 §4 Events forwarded: what the full-playback engine says (nothing until it is started).
  subscription.add(
    options.engineEventDecoder$
      .pipe(
        take(1),
        switchMap((decode) => ports.engine.events$.pipe(map(decode))),
      )
      .subscribe({
        next: (fact) => store.dispatch(fact, 'adapter'),
        error: (err: unknown) =>
          store.dispatch(engineEventRejected({ err: `Engine events stopped: ${err instanceof Error ? err.message : String(err)}` }), 'adapter'),
      }),
  );
  // The volume the visitor left the last embed at, when one is stored.
  subscription.add(bindStoredVolume(store, ports));
  return subscription;
}
