// spec 001 §4 Playback actions: add to queue, through the player command set_queue (spec 001 §7), on both
// databases: tracks named by provider ('queue', as the cluster shows them) play next, in the order given,
// and the context goes on after them; the cluster's next_tracks show them first, marked 'queue'.
import type { Dealer, PlaybackTestServer } from '../playback/test-client';
import { startPlaybackTestServer } from '../playback/test-client';
import { DIALECTS, useDialect } from '../testing/dialects';
import { nextCluster, nextCommand, registerDevice, reportState } from './test-support';

jest.setTimeout(60_000);

const CS = '/connect-state/v1';

describe.each(DIALECTS)('set_queue with a queue (add to queue) on %s', (dialect) => {
  const stores = useDialect(dialect);
  let t: PlaybackTestServer;
  let token: string;
  let device: Dealer;
  let album: string;
  let albumTracks: string[];
  let others: string[];
  let seq = 0;

  const command = (body: unknown) => t.request('POST', `${CS}/player/command/from/hobs_ctl/to/device-q`, { token, body: { command: body } });
  const uris = (sent: any): string[] => sent.state_machine.tracks.map((x: any) => x.metadata.uri);

  beforeAll(async () => {
    const url = await stores.databaseUrl();
    t = await startPlaybackTestServer(url === undefined ? {} : { databaseUrl: url });
    token = await t.tokenOf('demo');
    const db = t.server.app.database.kysely;
    const albums = await db
      .selectFrom('tracks')
      .select(['album_id'])
      .groupBy('album_id')
      .having((eb) => eb.fn.countAll(), '>=', 3)
      .orderBy('album_id')
      .execute();
    const tracksOf = async (id: string) =>
      (await db.selectFrom('tracks').select('id').where('album_id', '=', id).orderBy('track_number').execute()).map((r) => `spotify:track:${r.id}`);
    album = albums[0]!.album_id;
    albumTracks = await tracksOf(album);
    others = await tracksOf(albums[1]!.album_id);
    device = await registerDevice(t, token, 'device-q');
  });
  afterAll(async () => {
    await t.stop();
  });

  it('queued tracks play after the current one in the order added, then the rest of the context; the cluster marks them', async () => {
    expect((await command({ endpoint: 'play', context: { uri: `spotify:album:${album}` } })).status).toBe(200);
    const played = await nextCommand(device, 'replace_state');
    await reportState(t, token, 'device-q', (seq += 1), played.state_ref, 1000);

    // A first track added: the controller names the queue so far (none) and the new one.
    const first = await command({ endpoint: 'set_queue', next_tracks: [{ uri: others[0], provider: 'queue' }] });
    expect(first.status).toBe(200);
    const once = await nextCommand(device, 'replace_state');
    expect(uris(once)).toEqual([albumTracks[0], others[0], ...albumTracks.slice(1)]);
    // The current track goes on where it was (no restart), as it was (playing): the command asks no seek
    // (a device playing the track keeps it as it is), the state starts where it is (for a device that loads it).
    expect(once.state_ref.state_id).toBe(once.state_machine.states[0].state_id);
    expect(once.state_ref.paused).toBe(false);
    expect(once.seek_to).toBeUndefined();
    expect(once.state_machine.states[0].seek_to).toBeGreaterThanOrEqual(1000);
    expect(once.state_machine.tracks[1].metadata.provider).toBe('queue');
    await reportState(t, token, 'device-q', (seq += 1), once.state_ref, 1200);
    const shown = await nextCluster(device, (p) => p.ack_id === first.json().ack_id, 'the first queue ack');
    const next = shown.cluster.player_state.next_tracks;
    expect(next.map((x: any) => [x.uri, x.provider])).toEqual([[others[0], 'queue'], ...albumTracks.slice(1, 5).map((u) => [u, 'context'])]);

    // A second one, as a controller sends it from the cluster: the queue, the new track, the context tracks it shows.
    const second = await command({
      endpoint: 'set_queue',
      next_tracks: [
        { uri: others[0], provider: 'queue' },
        { uri: others[1], provider: 'queue' },
        ...next.slice(1).map((x: any) => ({ uri: x.uri, provider: 'context' })),
      ],
    });
    expect(second.status).toBe(200);
    const twice = await nextCommand(device, 'replace_state');
    expect(uris(twice)).toEqual([albumTracks[0], others[0], others[1], ...albumTracks.slice(1)]);

    // Next plays the first queued track; after the queue the album goes on.
    await reportState(t, token, 'device-q', (seq += 1), twice.state_ref, 1300);
    expect((await command({ endpoint: 'skip_next' })).status).toBe(200);
    const skipped = await nextCommand(device, 'replace_state');
    expect(twice.state_machine.tracks[skipped.state_machine.states.find((s: any) => s.state_id === skipped.state_ref.state_id).track].metadata.uri).toBe(
      others[0],
    );
  });

  it('a set_queue without providers still replaces what plays next with what it names (the controller API)', async () => {
    const plain = await command({ endpoint: 'set_queue', next_tracks: [{ uri: others[2] ?? others[0] }] });
    expect(plain.status).toBe(200);
    const sent = await nextCommand(device, 'replace_state');
    expect(uris(sent).slice(-1)).toEqual([others[2] ?? others[0]]);
    expect(sent.state_machine.tracks.every((x: any) => x.metadata.provider === undefined)).toBe(true);
  });

  it('a provider other than queue or context is refused (400)', async () => {
    expect((await command({ endpoint: 'set_queue', next_tracks: [{ uri: others[0], provider: 'radio' }] })).status).toBe(400);
  });
});
