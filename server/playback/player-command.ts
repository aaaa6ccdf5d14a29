import * as t from 'io-ts';
import { stateIdOf } from './state-machine';
import { VOLUME_MAX } from './wire';

/*
 * The player command body (spec 001 §7 Remote-control service: POST v1/player/command/from/{local}/to/{target};
 * the endpoints this provider carries out): play a context, pause, resume, seek_to, set_volume,
 * the device-service commands ping and log_out, and (issue 16) skip_next, skip_prev,
 * set_shuffling_context, set_repeating_context, set_repeating_track, set_queue and update_context.
 */

const PlayOptions = t.partial({
  /** Start at this track (index in the context, or its uri). */
  skip_to: t.partial({ track_index: t.number, track_uri: t.string }),
  initially_paused: t.boolean,
  /** Start position in ms. */
  seek_to: t.number,
});

const NonNegative = t.brand(t.number, (n): n is t.Branded<number, { readonly NonNegative: unique symbol }> => n >= 0, 'NonNegative');
const Volume = t.brand(
  t.number,
  (n): n is t.Branded<number, { readonly Volume65535: unique symbol }> => Number.isInteger(n) && n >= 0 && n <= VOLUME_MAX,
  'Volume65535',
);

/**
 * A track of set_queue: a track or episode uri (spec 001 §5 'Invalid track uri'), and where it comes
 * from as the cluster's next_tracks name it (ours): 'queue' (added to the queue) or 'context'.
 */
const QueueTrack = t.intersection([
  t.type({
    uri: t.brand(
      t.string,
      (u): u is t.Branded<string, { readonly TrackOrEpisodeUri: unique symbol }> => /^spotify:(track|episode):[A-Za-z0-9]{1,32}$/.test(u),
      'TrackOrEpisodeUri',
    ),
  }),
  t.partial({ provider: t.keyof({ queue: null, context: null }) }),
]);

/** Where a play was started from (the controller's logs); spec 001 §5: "Play origin featureClasses must be an array of strings". */
export const PlayOrigin = t.partial({
  feature_identifier: t.string,
  feature_version: t.string,
  view_uri: t.string,
  referrer_identifier: t.string,
  feature_classes: t.array(t.string),
});

export const PlayerCommand = t.union([
  t.intersection([t.type({ endpoint: t.literal('play'), context: t.type({ uri: t.string }) }), t.partial({ options: PlayOptions, play_origin: PlayOrigin })]),
  t.type({ endpoint: t.keyof({ pause: null, resume: null, ping: null, log_out: null }) }),
  t.type({ endpoint: t.literal('seek_to'), value: NonNegative }),
  t.type({ endpoint: t.literal('set_volume'), volume: Volume }),
  // Issue 16, the rest of spec 001 §7's endpoints (server/connect-state/README.md).
  t.type({ endpoint: t.keyof({ skip_next: null, skip_prev: null }) }),
  t.type({ endpoint: t.keyof({ set_shuffling_context: null, set_repeating_context: null, set_repeating_track: null }), value: t.boolean }),
  t.intersection([t.type({ endpoint: t.literal('set_queue'), next_tracks: t.array(QueueTrack) }), t.partial({ prev_tracks: t.array(QueueTrack) })]),
  t.type({ endpoint: t.literal('update_context'), context: t.type({ uri: t.string }), session_id: t.string }),
]);
export type PlayerCommand = t.TypeOf<typeof PlayerCommand>;

export const PlayerCommandBody = t.type({ command: PlayerCommand });

/** The index a play command starts at; null when its skip_to names no track of the context. */
export function startIndexOf(trackUris: ReadonlyArray<string>, options: t.TypeOf<typeof PlayOptions> | undefined): number | null {
  const skip = options?.skip_to;
  if (skip?.track_uri !== undefined) {
    const index = trackUris.indexOf(skip.track_uri);
    return index < 0 ? null : index;
  }
  const index = skip?.track_index ?? 0;
  return Number.isInteger(index) && index >= 0 && index < trackUris.length ? index : null;
}

export { stateIdOf };
