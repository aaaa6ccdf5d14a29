import { createFakeHttp } from '../../../adapters/fake/fake-http';
import { EngineEvent } from '../../contract';
import type { HttpRequest } from '../../ports';
import * as P from './actions';
import { clientEventOf } from './client-events';
import { commandsEpic } from './commands.epic';
import { engineState } from './testing/engine-state';
import { runPlayer } from './testing/run-player';

/*
 * Issue 13: the provider refuses to play an item not sold in the listener's market (spec 000 §5;
 * server/playback answers the player command 403 'Restriction violated'), and the engine reports
 * the item as unavailable to the widget (spec 000 §7 player event "unavailable track").
 */

const enabled = engineState({
  device: { registration: 'registered', connectionId: 'c1' },
  session: { accessToken: 'tok' },
  transport: { resolveUrl: 'http://p.test/apresolve', endpoints: { dealer: 'p.test', spclient: 'sp.test' } },
});
const play = P.playContextRequested({ contextUri: 'spotify:show:s1', index: 0, reason: 'clickrow' });

function runPlay(status: number) {
  const calls: HttpRequest[] = [];
  return runPlayer([commandsEpic], enabled, [[0, play]], {
    http: (scheduler) => createFakeHttp(scheduler, calls, () => ({ status, headers: {}, body: '' }), 10),
  }).log;
}

describe('a play command the provider refuses as restricted (403) reports the item unavailable (spec 000 §5, §7)', () => {
  it('403: the command fails and the item at the index is reported, on the answer', () => {
    expect(runPlay(403)).toEqual([
      [10, 'engine/commandFailed', { endpoint: 'play', err: 'Request was not successful (status 403)' }],
      [10, 'engine/playRestricted', { contextUri: 'spotify:show:s1', index: 0 }],
    ]);
  });

  it('another failure (500) reports no item', () => {
    expect(runPlay(500).map(([, type]) => type)).toEqual(['engine/commandFailed']);
  });

  it('the widget hears it as an itemUnavailable event its codec accepts', () => {
    const event = clientEventOf(P.playRestricted({ contextUri: 'spotify:show:s1', index: 0 }), enabled);
    expect(event).toEqual({ kind: 'itemUnavailable', contextUri: 'spotify:show:s1', index: 0 });
    expect(EngineEvent.is(event)).toBe(true);
  });
});
