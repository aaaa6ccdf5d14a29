import { createWidgetReducer } from './reduce-widget';
import { countRemoteCommand, reduceRemote, reduceRemoteVolume } from './remote/reducer';

/**
 * The widget's reducer (ARCHITECTURE.md §3), with issue 16's controller: every page's but an
 * anonymous visitor's in the browser (./reduce-widget.ts), and the one replay, the server's first
 * frame and the tests use.
 */
export const widgetReducer = createWidgetReducer({ reduce: reduceRemote, count: countRemoteCommand, volume: reduceRemoteVolume });
