import { demoCatalogue } from '../testing/demo-catalogue';
import { registrationBody, startPlaybackTestServer, type Dealer, type PlaybackTestServer } from './test-client';
import { TRACK_PLAYBACK_DEVICES_PATH as DEVICES } from './track-playback-routes';

/*
 * Issue 13, spec 000 §5: an episode not sold in the listener's country gets no playable media from
 * the provider. The player command refuses to start on it (403, as the Web API's player refuses a
 * restricted item); a context holding it lists it without files, so the engine's list player skips
 * it (spec 001 §4 "unplayable tracks are skipped"), and indexes stay those of the widget's list.
 */

const { shows, episodes } = demoCatalogue();
const show = shows[0]!;
const unsold = episodes.find((e) => e.showId === show.id && !e.availableMarkets.includes('SE'))!;
const sold = episodes.find((e) => e.showId === show.id && e.availableMarkets.includes('SE'))!;

let t: PlaybackTestServer;
const listeners: Record<'SE' | 'NO', { token: string; dealer: Dealer; device: string }> = {} as never;

beforeAll(async () => {
  t = await startPlaybackTestServer(undefined);
  for (const country of ['SE', 'NO'] as const) {
    const token = await t.newUser('premium');
    // A listener's country is their account's (the token's grant reads it).
    await t.rows('UPDATE accounts SET country = ? WHERE id = (SELECT account_id FROM access_tokens WHERE token = ?)', country, token);
    const dealer = await t.dealer(token);
    const device = `device-${country.toLowerCase()}`;
    expect((await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, device) })).status).toBe(200);
    listeners[country] = { token, dealer, device };
  }
});
afterAll(() => t.stop());

const play = (country: 'SE' | 'NO', context: string, options?: unknown) => {
  const { token, device } = listeners[country];
  return t.request('POST', `/connect-state/v1/player/command/from/controller/to/${device}`, {
    token,
    body: { command: { endpoint: 'play', context: { uri: context }, ...(options === undefined ? {} : { options }) } },
  });
};
const showUri = `spotify:show:${show.id}`;
const indexOf = (id: string) =>
  episodes
    .filter((e) => e.showId === show.id)
    .sort((a, b) => b.releaseDate.localeCompare(a.releaseDate))
    .findIndex((e) => e.id === id);

describe("the player command and the state machine follow the listener's market (spec 000 §5; issue 13)", () => {
  it('a listener in SE: starting on the unsold episode is refused 403, by index or as its own context; nothing is sent to the device', async () => {
    for (const answer of [await play('SE', showUri, { skip_to: { track_index: indexOf(unsold.id) } }), await play('SE', `spotify:episode:${unsold.id}`)]) {
      expect(answer.status).toBe(403);
      expect(answer.json().error.message).toMatch(/Restriction violated/);
    }
  });

  it('a listener in SE: the show plays from a sold episode; the unsold one is listed without files, the others with theirs', async () => {
    expect((await play('SE', showUri, { skip_to: { track_index: indexOf(sold.id) } })).status).toBe(200);
    const machine = (await listeners.SE.dealer.next()).message.state_machine;
    const manifest = (id: string) => machine.tracks.find((x: any) => x.metadata.uri === `spotify:episode:${id}`).manifest.file_ids_mp4;
    expect(machine.tracks[indexOf(unsold.id)].metadata.uri).toBe(`spotify:episode:${unsold.id}`);
    expect(manifest(unsold.id)).toEqual([]);
    expect(manifest(sold.id).length).toBeGreaterThan(0);
  });

  it('a listener in SE: the show played from its start begins at its first sold episode (the newest is not sold here)', async () => {
    expect(indexOf(unsold.id)).toBe(0);
    expect((await play('SE', showUri)).status).toBe(200);
    const { message } = await listeners.SE.dealer.next();
    expect(message.state_ref.state_id).toBe(message.state_machine.states[1].state_id);
  });

  it('a listener in NO (where it is sold) plays it, with its files', async () => {
    expect((await play('NO', showUri, { skip_to: { track_index: indexOf(unsold.id) } })).status).toBe(200);
    const machine = (await listeners.NO.dealer.next()).message.state_machine;
    expect(machine.tracks[indexOf(unsold.id)].manifest.file_ids_mp4.length).toBeGreaterThan(0);
  });

  it("storage resolve hands out the unsold episode's file to a listener where it is sold only; an anonymous token in SE is refused too", async () => {
    const fileIds = (await t.rows<{ file_id: string }>("SELECT file_id FROM audio_files WHERE episode_id = ? AND format LIKE 'MP4%'", unsold.id)).map(
      (f) => f.file_id,
    );
    const soldFile = (await t.rows<{ file_id: string }>("SELECT file_id FROM audio_files WHERE episode_id = ? AND format LIKE 'MP4%'", sold.id))[0]!.file_id;
    expect(fileIds.length).toBeGreaterThan(0);
    const resolve = (fileId: string, token: string) => t.request('GET', `/storage-resolve/files/audio/interactive/${fileId}`, { token });
    const anonymous = await t.token(null);
    for (const fileId of fileIds) {
      expect([
        (await resolve(fileId, listeners.SE.token)).status,
        (await resolve(fileId, anonymous)).status,
        (await resolve(fileId, listeners.NO.token)).status,
      ]).toEqual([403, 403, 200]);
    }
    expect((await resolve(fileIds[0]!, listeners.SE.token)).json().error.message).toMatch(/Restriction violated/);
    expect((await resolve(soldFile, listeners.SE.token)).status).toBe(200);
  });
});
