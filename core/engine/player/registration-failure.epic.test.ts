import { createFakeHttp } from '../../../adapters/fake/fake-http';
import { playerInitFailed } from '../../contract';
import { LIST_PLAYER_NO_TRACK_PLAYER, switchesToPreview } from '../../contract';
import { registrationFailed } from '../device/actions';
import { connectionIdEpic, registerEpic } from '../device/registration.epic';
import { registrationOutcome } from '../device/registration';
import { authenticated } from '../transport/actions';
import { clientEventOf } from './client-events';
import { registrationFailureEpic } from './registration-failure.epic';
import { engineState } from './testing/engine-state';
import { only, runPlayer } from './testing/run-player';

/** The transport resolved with the player's token (so the device can call the track-playback service). */
const connected = engineState({
  session: { accessToken: 'tok' },
  transport: { resolveUrl: 'http://p.test/apresolve', endpoints: { dealer: 'p.test', spclient: 'p.test' } },
});

/** The device registering on the transport's connection id, answered with `status` by the track-playback service 10 ms later. */
function registeringWith(status: number) {
  return runPlayer([connectionIdEpic, registerEpic, registrationFailureEpic], connected, [[0, authenticated({ connectionId: 'c1', at: 0 })]], {
    http: (scheduler) => createFakeHttp(scheduler, [], () => ({ status, headers: {}, body: status === 200 ? '{}' : '' }), 10),
  });
}

describe('a fatal registration failure is an initialization failure (spec 001 §4 Client lifecycle: local player disabled; §8 Track-playback)', () => {
  it.each([
    [429, 'Max connections reached'],
    [403, 'Premium required'],
  ])(
    'a %p to the registration (spec 001 §8: 429 "Max connections reached" fatal; 403 premium required, §6 PREMIUM_REQUIRED) fails the initialization with the registration\'s text',
    (status, message) => {
      const outcome = registrationOutcome(status, '');
      if (outcome.ok) throw new Error('a failure was expected');
      const { log, state } = runPlayer([registrationFailureEpic], connected, [
        [10, registrationFailed({ code: outcome.code, err: outcome.err, fatal: outcome.fatal, report: outcome.report })],
      ]);
      expect(log).toEqual([[10, playerInitFailed.type, { code: LIST_PLAYER_NO_TRACK_PLAYER, message }]]);
      expect(state().player.failure).toBe(message);
    },
  );

  it('the initialization failure reaches the widget as its event and, by its code, switches the widget to preview (spec 000 §4 Initialization failure)', () => {
    const failure = playerInitFailed({ code: LIST_PLAYER_NO_TRACK_PLAYER, message: 'Premium required' });
    expect(clientEventOf(failure, connected)).toEqual({ kind: 'initializationFailed', code: LIST_PLAYER_NO_TRACK_PLAYER, message: 'Premium required' });
    expect(switchesToPreview(LIST_PLAYER_NO_TRACK_PLAYER)).toBe(true);
  });

  it('a registration failure that is not fatal (another status, an empty body) leaves the initialization alone', () => {
    const { log } = runPlayer([registrationFailureEpic], connected, [
      [10, registrationFailed({ code: 'TP_REGISTRATION_FAILED', err: 'Registration failed with status 500', fatal: false, report: true })],
      [20, registrationFailed({ code: 'TP_EMPTY_RESPONSE', err: 'Unexpected empty response.', fatal: false, report: true })],
    ]);
    expect(log).toEqual([]);
  });

  it('is reported once: a second fatal failure (a re-registration on a new connection id) or one after another initialization failure adds none', () => {
    const fatal = registrationFailed({ code: 'TP_MAX_SUBSCRIPTIONS_REACHED', err: 'Max connections reached', fatal: true, report: false });
    expect(
      runPlayer([registrationFailureEpic], connected, [
        [10, fatal],
        [20, fatal],
      ]).log,
    ).toEqual([[10, playerInitFailed.type, { code: LIST_PLAYER_NO_TRACK_PLAYER, message: 'Max connections reached' }]]);
    const failedBefore = engineState({ player: { failure: 'No supported keysystem was found.' } });
    expect(runPlayer([registrationFailureEpic], failedBefore, [[10, fatal]]).log).toEqual([]);
  });

  it("from the service's answer: a 403 to POST devices fails the registration and then the initialization; a 200 registers and fails nothing", () => {
    expect(only(registeringWith(403).log, 'device/registrationFailed', playerInitFailed.type)).toEqual([
      [10, 'device/registrationFailed', { code: 'TP_REGISTRATION_FAILED_NON_PREMIUM', err: 'Premium required', fatal: true, report: true }],
      [10, playerInitFailed.type, { code: LIST_PLAYER_NO_TRACK_PLAYER, message: 'Premium required' }],
    ]);
    expect(only(registeringWith(200).log, 'device/registered', 'device/registrationFailed', playerInitFailed.type)).toEqual([
      [10, 'device/registered', { connectionId: 'c1' }],
    ]);
  });
});
