import type { Action } from '../../store/action';
import { logRequested } from '../tracking/log-actions';
import { authenticationFailed, connectionFailed } from '../transport/actions';
import { clientInitialised } from './actions';
import { diagnosticsEpic } from './diagnostics.epic';
import { initialEngineState } from './index';
import { INSTANCE_ID } from './testing/engine-state';
import { only, runPlayer } from './testing/run-player';

/** The codes of spec 001 §8 that the player's logs carry (docs/conformance.md names this file). */
describe('spec 001 §8 code family TRANSPORT_*: the dealer connection failures logged as exceptions (jssdk_error)', () => {
  it('a failed connection is TRANSPORT_CONNECTION_FAILED, a failed authentication TRANSPORT_AUTHENTICATION_FAILED, both fatal, source transport', () => {
    const inputs: ReadonlyArray<readonly [number, Action]> = [
      [0, clientInitialised({ instanceId: INSTANCE_ID })],
      [10, connectionFailed({ err: 'Cannot connect to dealer' })],
      [20, authenticationFailed({ err: 'Dealer connection error' })],
    ];
    const { log } = runPlayer([diagnosticsEpic], initialEngineState, inputs);
    const errors = only(log, logRequested.type)
      .map(([, , p]) => p as { endpoint: string; payload: Record<string, unknown> })
      .filter((l) => l.endpoint === 'jssdk_error')
      .map((l) => ({ source: l.payload['source'], message: l.payload['message'], data: JSON.parse(String(l.payload['json_data'])) as unknown }));
    expect(errors).toEqual([
      { source: 'transport', message: 'Cannot connect to dealer', data: expect.objectContaining({ code: 'TRANSPORT_CONNECTION_FAILED', fatal: true }) },
      { source: 'transport', message: 'Dealer connection error', data: expect.objectContaining({ code: 'TRANSPORT_AUTHENTICATION_FAILED', fatal: true }) },
    ]);
  });
});
