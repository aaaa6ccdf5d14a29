/**
 * spec 001 §3 tracking record: each playback has its own id (32 hex). Made from the client's
 * instance id (drawn once, an input) and a count of the playbacks so far, so the ids are unique
 * within a page and a replay of the log makes the same ones.
 */
export function playbackIdOf(instanceId: string, count: number): string {
  const counter = (count % 0x100000000).toString(16).padStart(8, '0');
  return (instanceId.slice(0, 24).padEnd(24, '0') + counter).toLowerCase();
}
