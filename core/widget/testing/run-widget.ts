import { Observable, Subscription, of } from 'rxjs';
import type { Action } from '../../store/action';
import type { Ports } from '../../ports';
import { createStore, type Envelope, type Epic, type Store } from '../../store/store';
import { bindAdapterFacts } from '../adapter-facts';
import { recordedMessage } from '../embed-api/recorded-message';
import { decodeEngineEvent } from '../full-playback/engine-facts';
import { widgetEpics } from '../all-epics';
import { widgetReducer } from '../reducer';
import type { WidgetState } from '../state';

export interface RunWidgetOptions {
  readonly initialState: WidgetState;
  readonly ports: Ports;
  /** Visitor intents, dispatched with src 'ui' as they come. */
  readonly ui?: Observable<Action>;
  /** Facts, dispatched with src 'adapter' (audio facts may also come through the ports). */
  readonly adapter?: Observable<Action>;
  readonly epics?: ReadonlyArray<Epic<WidgetState, Ports>>;
  /** Sees the store once it exists, e.g. to read its state at the end of a test. */
  readonly onStore?: (store: Store<WidgetState>) => void;
}

/**
 * The whole widget as the browser runs it (store, reducer, epics, bindAdapterFacts) on the given
 * ports, started on subscription; emits every envelope that enters the store. For marble tests:
 * with scheduler-driven ports, every envelope arrives at its virtual time.
 */
export function runWidget(options: RunWidgetOptions): Observable<Envelope> {
  return new Observable<Envelope>((subscriber) => {
    const store = createStore({
      reducer: widgetReducer,
      epics: options.epics ?? widgetEpics,
      deps: options.ports,
      initialState: options.initialState,
      onEnvelope: (envelope) => subscriber.next(envelope),
    });
    options.onStore?.(store);
    const inputs = new Subscription();
    inputs.add(bindAdapterFacts(store, options.ports, { embedApiReader$: of(recordedMessage), engineEventDecoder$: of(decodeEngineEvent) }));
    if (options.ui !== undefined) inputs.add(options.ui.subscribe((a) => store.dispatch(a, 'ui')));
    if (options.adapter !== undefined) inputs.add(options.adapter.subscribe((a) => store.dispatch(a, 'adapter')));
    return () => {
      inputs.unsubscribe();
      store.stop();
    };
  });
}
