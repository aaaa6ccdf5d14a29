import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { TRACK_PLAYBACK_DEVICES_PATH } from '../playback/track-playback-routes';

/**
 * Recently played (spec 001 §7 GET /user/{userId}/recently-played) is recorded from the
 * track-playback service's own record: a state update the service took (200) whose reason is
 * started_playing (spec 001 §4) names the track it started; the track's context (its state
 * machine's context_uri, else its album) becomes the user's most recent one. A hook, so the
 * playback routes stay as they are; it must be added before registerPlayback (fastify gives a
 * route the hooks added before it).
 */
export function recordRecentlyPlayed(app: FastifyInstance, db: Kysely<Database>, now: () => number): void {
  // onSend, not onResponse: the record is written before the device has its answer, so a read after it sees the play.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'PUT' || reply.statusCode !== 200 || request.routeOptions.url !== `${TRACK_PLAYBACK_DEVICES_PATH}/:deviceId/state`) return payload;
    const body = request.body as { seq_num?: unknown; reason?: unknown; debug_source?: unknown } | undefined;
    const reason = body?.reason ?? body?.debug_source;
    if (reason !== 'started_playing' || typeof body?.seq_num !== 'number') return payload;
    const deviceId = (request.params as { deviceId?: string }).deviceId ?? '';
    try {
      await record(db, deviceId, body.seq_num, now());
    } catch (error) {
      request.log.warn({ err: error }, 'recently played not recorded');
    }
    return payload;
  });
}

async function record(db: Kysely<Database>, deviceId: string, seqNum: number, at: number): Promise<void> {
  const update = await db
    .selectFrom('playback_state_updates')
    .select(['account_id', 'track_uri'])
    .where('device_id', '=', deviceId)
    .where('seq_num', '=', seqNum)
    .where('reason', '=', 'started_playing')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (update?.track_uri == null) return;
  const trackUri = update.track_uri;
  const device = await db
    .selectFrom('playback_devices')
    .select('machine')
    .where('account_id', '=', update.account_id)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  const tracks =
    device?.machine == null
      ? []
      : ((JSON.parse(device.machine) as { tracks?: Array<{ metadata?: { uri?: string; context_uri?: string | null } }> }).tracks ?? []);
  let context = tracks.find((t) => t.metadata?.uri === trackUri)?.metadata?.context_uri ?? null;
  if (context === null || context === '') {
    const trackId = /^spotify:track:(\w+)$/.exec(trackUri)?.[1];
    const album = trackId === undefined ? undefined : await db.selectFrom('tracks').select('album_id').where('id', '=', trackId).executeTakeFirst();
    context = album === undefined ? trackUri : `spotify:album:${album.album_id}`;
  }
  await db
    .insertInto('recently_played')
    .values({ account_id: update.account_id, context_uri: context, last_played_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'context_uri']).doUpdateSet({ last_played_at: at }))
    .execute();
}

/** The catalogue name of a context uri (album, artist, playlist, show, episode or track); '' when unknown. */
export async function contextNames(db: Kysely<Database>, uris: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const tables = { album: 'albums', artist: 'artists', playlist: 'playlists', show: 'shows', episode: 'episodes', track: 'tracks' } as const;
  // A station is named after its seed (spotify:station:album:<id> after the album).
  const seedOf = (u: string) => (u.startsWith('spotify:station:') ? `spotify:${u.slice('spotify:station:'.length)}` : u);
  const wanted = uris.map(seedOf);
  for (const [type, table] of Object.entries(tables)) {
    const ids = wanted.flatMap((u) => (u.startsWith(`spotify:${type}:`) ? [u.slice(`spotify:${type}:`.length)] : []));
    if (ids.length === 0) continue;
    for (const row of await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute()) names.set(`spotify:${type}:${row.id}`, row.name);
  }
  return new Map(
    uris.flatMap((u) => {
      const name = names.get(seedOf(u));
      return name === undefined ? [] : [[u, name] as const];
    }),
  );
}
