/**
 * Polls `read` every 200 ms until `test` holds for what it read, and gives that value; after
 * `timeoutMs` fails naming what was awaited and the last value read. e2e tests wait for a state,
 * never for a time (a loaded CI machine makes any fixed delay a flake).
 */
export async function until<T>(what: string, read: () => Promise<T>, test: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
