import type { Action } from '../../store/action';
import { encrypted, licenceChallenged, licenceReceived, licenceSessionCreated, licenceUpdated } from '../drm/actions';
import {
  fragmentFetched,
  fragmentRequested,
  mediaLoadRequested,
  mediaSourceOpened,
  seekTableLoaded,
  storageResolved,
  storageResolveRequested,
} from '../media/actions';
import type { LatencyName } from '../tracking/constants';

/**
 * Where each latency of spec 001 §3's record starts and ends (the spec names them only; these
 * edges are ours). Play (load to first playing) comes from the record itself.
 * - init: the load asked for → the MediaSource open (the element can take data);
 * - manifest: the load → the seek table (the audio manifest of §3) loaded;
 * - resolve: the storage resolve asked for → the CDN urls known;
 * - head: the file's head (the init segment, fragment -1) asked for → fetched;
 * - key: the element's encrypted init data → the licence in the key session (the key usable);
 * - license session: encrypted → the key session asked of the browser;
 * - license generation: the session → its licence challenge (generateRequest's message);
 * - license request: the challenge → the licence server's answer (the licence URL resolved meanwhile, if needed);
 * - license update: the answer → the key session updated with it.
 */
const EDGES: ReadonlyArray<{ readonly name: LatencyName; readonly start: (a: Action) => boolean; readonly end: (a: Action) => boolean }> = [
  { name: 'init', start: mediaLoadRequested.match, end: mediaSourceOpened.match },
  { name: 'manifest', start: mediaLoadRequested.match, end: seekTableLoaded.match },
  { name: 'resolve', start: (a) => storageResolveRequested.match(a) && a.reason === 'load', end: storageResolved.match },
  { name: 'head', start: (a) => fragmentRequested.match(a) && a.index === -1, end: (a) => fragmentFetched.match(a) && a.index === -1 },
  { name: 'key', start: encrypted.match, end: licenceUpdated.match },
  { name: 'license_session', start: encrypted.match, end: licenceSessionCreated.match },
  { name: 'license_generation', start: licenceSessionCreated.match, end: licenceChallenged.match },
  { name: 'license_request', start: licenceChallenged.match, end: licenceReceived.match },
  { name: 'license_update', start: licenceReceived.match, end: licenceUpdated.match },
];

/** When each latency started in the current playback (clock ms); a started one is not restarted. */
export type LatencyStarts = Readonly<Partial<Record<LatencyName, number>>>;

/** Whether an action starts or ends a latency: only then is the clock read. */
export const isLatencyEdge = (action: Action): boolean => EDGES.some((edge) => edge.start(action) || edge.end(action));

/** The starts after an action at `now`, and the latencies it ends (each once: its start is then spent). */
export function latencyStep(
  starts: LatencyStarts,
  action: Action,
  now: number,
): { readonly starts: LatencyStarts; readonly measured: ReadonlyArray<readonly [LatencyName, number]> } {
  const next: Partial<Record<LatencyName, number>> = { ...starts };
  const measured: Array<readonly [LatencyName, number]> = [];
  for (const edge of EDGES) {
    const since = next[edge.name];
    if (edge.end(action) && since !== undefined && since >= 0) {
      measured.push([edge.name, now - since]);
      // -1: measured; the same edge again in this playback (a retry, a second session) is not measured twice.
      next[edge.name] = -1;
    }
  }
  for (const edge of EDGES) if (edge.start(action) && next[edge.name] === undefined) next[edge.name] = now;
  return { starts: next, measured };
}
