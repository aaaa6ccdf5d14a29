import { queryRows } from '../server/testing/sql';
import type { RunningServer } from './harness';
import { until } from './until';

/**
 * Waits until none of the listener's pages holds a dealer connection, so none of their devices is
 * left active. A page that plays while another of the listener's devices is the active one shows
 * and drives that device (issue 16): a test about this page's own playback starts after this.
 */
export async function untilListenerOffline(server: RunningServer, username: string): Promise<void> {
  const [account] = await queryRows<{ id: string }>(server.app.database, 'SELECT id FROM accounts WHERE username = ?', username);
  if (account === undefined) throw new Error(`no account ${username}`);
  await until(
    `no live connection of ${username}`,
    async () => [...(await server.app.realtime.liveConnections(account.id))],
    (live) => live.length === 0,
  );
}
