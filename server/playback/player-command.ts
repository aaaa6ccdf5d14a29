import * as t from 'io-ts';
import { stateIdOf } from './state-machine';
import { VOLUME_MAX } from './wire';

/*
 * The player command body (spec 001 §7 Remote-control service: POST v1/player/command/from/{local}/to/{target};
 * the endpoints this provider carries out): play a context, pause, resume, seek_to, set_volume,
 * and the device-service commands ping and log_out.
 */

const PlayOptions = t.partial({
  /** Start at this track (index in the context, or its uri). */
  skip_to: t.partial({ track_index: t.number, track_uri: t.string }),
  initially_paused: t.boolean,
  /** Start position in ms. */
  seek_to: t.number,
});

const NonNegative = t.brand(t.number, (n): n is t.Branded<number, { readonly NonNegative: unique symbol }> => n >= 0, 'NonNegative');
const Volume = t.brand(t.number, (n): n is t.Branded<number, { readonly Volume65535: unique symbol }> => Number.isInteger(n) && n >= 0 && n <= VOLUME_MAX, 'Volume65535');

export const PlayerCommand = t.union([
  t.intersection([t.type({ endpoint: t.literal('play'), context: t.type({ uri: t.string }) }), t.partial({ options: PlayOptions })]),
  t.type({ endpoint: t.keyof({ pause: null, resume: null, ping: null, log_out: null }) }),
  t.type({ endpoint: t.literal('seek_to'), value: NonNegative }),
  t.type({ endpoint: t.literal('set_volume'), volume: Volume }),
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
