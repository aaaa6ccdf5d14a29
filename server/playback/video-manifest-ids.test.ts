import { isRight } from 'fp-ts/Either';
import { demoCatalogue } from '../testing/demo-catalogue';
import { StateMachine } from '../../core/engine/player/state-machine';
import { registrationBody, startPlaybackTestServer, type Dealer, type PlaybackTestServer } from './test-client';
import { TRACK_PLAYBACK_DEVICES_PATH as DEVICES } from './track-playback-routes';

/*
 * Issue 18, spec 001 §3 Track-file source kinds: a video episode's track in the state machine names
 * its video manifest (manifest_ids_video, by source id) beside its audio files; other tracks do not.
 */

let t: PlaybackTestServer;
let listener: { token: string; dealer: Dealer; device: string };

beforeAll(async () => {
  t = await startPlaybackTestServer(undefined);
  const token = await t.newUser('premium');
  const dealer = await t.dealer(token);
  const device = 'device-video';
  expect((await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, device) })).status).toBe(200);
  listener = { token, dealer, device };
});
afterAll(() => t.stop());

const play = (context: string) =>
  t.request('POST', `/connect-state/v1/player/command/from/controller/to/${listener.device}`, {
    token: listener.token,
    body: { command: { endpoint: 'play', context: { uri: context } } },
  });

describe('manifest_ids_video in the state machine (spec 001 §3 Track-file source kinds; issue 18)', () => {
  it("the video episode's track lists its source id, with its audio files too, and decodes with the engine's codec", async () => {
    const [video] = await t.rows<{ source_id: string; episode_id: string }>('SELECT source_id, episode_id FROM video_sources');
    expect(video).toBeDefined();
    expect((await play(`spotify:episode:${video!.episode_id}`)).status).toBe(200);
    const machine = (await listener.dealer.next()).message.state_machine;
    expect(isRight(StateMachine.decode(machine))).toBe(true);
    expect(machine.tracks[0].manifest.manifest_ids_video).toEqual([{ manifest_id: video!.source_id }]);
    expect(machine.tracks[0].manifest.file_ids_mp4.length).toBeGreaterThan(0);
  });

  it('an audio episode has no manifest_ids_video', async () => {
    const videos = (await t.rows<{ episode_id: string }>('SELECT episode_id FROM video_sources')).map((v) => v.episode_id);
    const audio = demoCatalogue().episodes.find((e) => e.availableMarkets.includes('SE') && !videos.includes(e.id))!;
    expect((await play(`spotify:episode:${audio.id}`)).status).toBe(200);
    const machine = (await listener.dealer.next()).message.state_machine;
    expect(machine.tracks[0].manifest.manifest_ids_video).toBeUndefined();
  });
});
