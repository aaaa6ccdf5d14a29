import { MAX_DEVICES_PER_USER } from './device-registry';
import { registrationBody, startPlaybackTestServer, type PlaybackTestServer } from './test-client';
import { TRACK_PLAYBACK_DEVICES_PATH as DEVICES } from './track-playback-routes';

let t: PlaybackTestServer;
beforeAll(async () => {
  t = await startPlaybackTestServer();
});
afterAll(async () => {
  await t.stop();
});

const sub_state = { playback_speed: 1, position: 1200, duration: 200000, stream_time: 1200 };

describe('track-playback service: registration (spec 001 §7 POST devices, §3 Device registration body)', () => {
  it('registers a premium user’s device on a live dealer connection with 200 and a JSON body', async () => {
    const token = await t.token('demo');
    const dealer = await t.dealer(token);
    const answer = await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, 'dev-register') });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ device_id: 'dev-register', initial_seq_num: 0 });
  });

  it('accepts the engine’s descriptor form with id and type (spec 001 §3: the playback variant uses device_id and device_type)', async () => {
    const token = await t.token('demo');
    const dealer = await t.dealer(token);
    const { device_id, device_type, ...device } = registrationBody(dealer.connectionId).device;
    const body = { ...registrationBody(dealer.connectionId), device: { ...device, id: 'engine-form', type: device_type } };
    expect(device_id).toHaveLength(40);
    expect((await t.request('POST', DEVICES, { token, body })).status).toBe(200);
  });

  it('refuses a free user with 403 naming PREMIUM_REQUIRED (spec 001 §6)', async () => {
    const token = await t.token('free');
    const dealer = await t.dealer(token);
    const answer = await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId) });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('PREMIUM_REQUIRED');
  });

  it('answers 401 without a token or with an unknown one, 403 for an anonymous token', async () => {
    expect((await t.request('POST', DEVICES, { body: registrationBody('x') })).status).toBe(401);
    expect((await t.request('POST', DEVICES, { token: 'nope', body: registrationBody('x') })).status).toBe(401);
    expect((await t.request('POST', DEVICES, { token: await t.token(null), body: registrationBody('x') })).status).toBe(403);
  });

  it.each(['device_id', 'name', 'model', 'device_type'] as const)(
    'answers 400 naming device.%s when the descriptor lacks it (spec 001 §5 Incomplete options value)',
    async (field) => {
      const token = await t.token('demo');
      const body = registrationBody('x');
      const { [field]: _gone, ...device } = body.device;
      const answer = await t.request('POST', DEVICES, { token, body: { ...body, device } });
      expect(answer.status).toBe(400);
      expect(answer.json().error.message).toContain(`device.${field}`);
    },
  );

  it('answers 400 for a device id outside the spec 001 §3 pattern and for a connection id that is not live', async () => {
    const token = await t.token('demo');
    const dealer = await t.dealer(token);
    const badId = await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, 'b'.repeat(41)) });
    expect(badId.status).toBe(400);
    expect(badId.json().error.message).toContain('device.device_id');
    const deadConnection = await t.request('POST', DEVICES, { token, body: registrationBody('not-a-connection') });
    expect(deadConnection.status).toBe(400);
    expect(deadConnection.json().error.message).toContain('connection_id');
  });

  it(`answers 429 'Max connections reached' past ${MAX_DEVICES_PER_USER} live devices; re-registering a known id is not a new device`, async () => {
    const token = await t.newUser();
    const dealer = await t.dealer(token);
    for (let i = 0; i < MAX_DEVICES_PER_USER; i++) {
      expect((await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, `limit-${i}`) })).status).toBe(200);
    }
    const over = await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, 'one-too-many') });
    expect(over.status).toBe(429);
    expect(over.json().error.message).toContain('Max connections reached');
    expect((await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, 'limit-0') })).status).toBe(200);
  });

  it('forgets the devices of a closed dealer connection, so they no longer count toward the limit', async () => {
    const token = await t.newUser();
    const first = await t.dealer(token);
    for (let i = 0; i < MAX_DEVICES_PER_USER; i++) {
      expect((await t.request('POST', DEVICES, { token, body: registrationBody(first.connectionId, `gone-${i}`) })).status).toBe(200);
    }
    first.close();
    const second = await t.dealer(token);
    // Waits until the server has seen the close (no time assertion: the dealer's own list is the signal).
    while (t.server.app.dealer.connections().some((c) => c.id === first.connectionId)) await new Promise((r) => setImmediate(r));
    expect((await t.request('POST', DEVICES, { token, body: registrationBody(second.connectionId, 'fresh') })).status).toBe(200);
  });
});

describe('track-playback service: a registered device (spec 001 §7)', () => {
  let token: string;
  const device = 'dev-updates';
  const path = `${DEVICES}/${device}`;
  beforeAll(async () => {
    token = await t.newUser();
    const dealer = await t.dealer(token);
    expect((await t.request('POST', DEVICES, { token, body: registrationBody(dealer.connectionId, device) })).status).toBe(200);
  });

  it('PUT devices/{deviceId} updates the descriptor with 204; an unknown device is 404', async () => {
    expect((await t.request('PUT', path, { token, body: { device: { name: 'Renamed' } } })).status).toBe(204);
    expect((await t.request('PUT', `${DEVICES}/unknown`, { token, body: {} })).status).toBe(404);
  });

  it('PUT devices/{deviceId}/state stores the update with its reason and answers state_machine and updated_state_ref', async () => {
    const body = { seq_num: 3, state_ref: null, sub_state, previous_position: 0, debug_source: 'started_playing' };
    const answer = await t.request('PUT', `${path}/state`, { token, body });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ state_machine: null, updated_state_ref: null });
    const row = (await t.rows('SELECT reason, seq_num FROM playback_state_updates WHERE device_id = ? ORDER BY id DESC', device))[0];
    expect(row).toEqual({ reason: 'started_playing', seq_num: 3 });
  });

  it("another premium listener's PUT state of this device is 404 and stores nothing (the device and its updates are its listener's)", async () => {
    const stranger = await t.newUser();
    const before = await t.rows('SELECT seq_num FROM playback_state_updates WHERE device_id = ?', device);
    const body = { seq_num: 99, state_ref: null, sub_state, reason: 'progress' };
    expect((await t.request('PUT', `${path}/state`, { token: stranger, body })).status).toBe(404);
    expect(await t.rows('SELECT seq_num FROM playback_state_updates WHERE device_id = ?', device)).toEqual(before);
  });

  it('PUT state answers 400 for a reason outside the spec 001 §4 list and for a missing sub_state', async () => {
    const bad = await t.request('PUT', `${path}/state`, { token, body: { seq_num: 4, state_ref: null, sub_state, reason: 'lunch' } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toContain('reason');
    const noSub = await t.request('PUT', `${path}/state`, { token, body: { seq_num: 4, state_ref: null, reason: 'progress' } });
    expect(noSub.status).toBe(400);
    expect(noSub.json().error.message).toContain('sub_state');
  });

  it('POST state_conflict takes up to 5 rejected refs and answers commands; 6 is 400 (spec 001 §9 conflict ref batch 5)', async () => {
    const ref = (i: number) => ({ state_machine_id: 'm', state_id: `s${i}`, paused: false });
    const five = await t.request('POST', `${path}/state_conflict`, { token, body: { seq_num: 5, rejected_state_refs: [0, 1, 2, 3, 4].map(ref) } });
    expect(five.status).toBe(200);
    expect(five.json()).toEqual({ commands: [] });
    const six = await t.request('POST', `${path}/state_conflict`, { token, body: { seq_num: 6, rejected_state_refs: [0, 1, 2, 3, 4, 5].map(ref) } });
    expect(six.status).toBe(400);
    expect(six.json().error.message).toContain('rejected_state_refs');
  });

  it('PUT volume takes seq_num, volume 0..65535 and command_id with 204; 65536 or a fraction is 400 naming volume', async () => {
    expect((await t.request('PUT', `${path}/volume`, { token, body: { seq_num: 7, volume: 32768, command_id: '' } })).status).toBe(204);
    for (const volume of [65536, 0.5, -1]) {
      const answer = await t.request('PUT', `${path}/volume`, { token, body: { seq_num: 8, volume } });
      expect(answer.status).toBe(400);
      expect(answer.json().error.message).toContain('volume');
    }
  });

  it('a free user’s token is refused on a device’s paths too (403 PREMIUM_REQUIRED)', async () => {
    const freeToken = await t.token('free');
    const answer = await t.request('PUT', `${path}/volume`, { token: freeToken, body: { seq_num: 9, volume: 1 } });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('PREMIUM_REQUIRED');
  });

  it('DELETE devices/{deviceId} with a body deregisters with 204; the device is then unknown (404)', async () => {
    expect((await t.request('DELETE', path, { token, body: { seq_num: 10, state_ref: null, sub_state } })).status).toBe(204);
    expect((await t.request('PUT', `${path}/volume`, { token, body: { seq_num: 11, volume: 1 } })).status).toBe(404);
  });

  it('bad JSON answers a JSON 400, not the HTML page', async () => {
    const answer = await t.request('PUT', `${path}/state`, { token, raw: '{nope' });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toContain('application/json');
  });
});
