/** One changed leaf between two states; `undefined` on a side means the key or index is absent there. */
export interface StateChange {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** The path shown when the two values differ as a whole (not inside an object or array). */
export const ROOT_PATH = '(root)';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The changes between two JSON-like states, as paths like `playback.progress` or `tracks[2].name`,
 * for the replay tool and the devtools. Objects are compared key by key and arrays index by index,
 * so a change deep in a big state is reported where it happened instead of as a new whole state.
 * A key absent on one side and `undefined` on the other is no change: JSON cannot tell them apart.
 */
export function diffStates(a: unknown, b: unknown): StateChange[] {
  const changes: StateChange[] = [];
  walk(a, b, '', changes);
  return changes;
}

function walk(a: unknown, b: unknown, path: string, changes: StateChange[]): void {
  if (Object.is(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) walk(a[i], b[i], `${path}[${i}]`, changes);
    return;
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = [...Object.keys(a), ...Object.keys(b).filter((key) => !Object.hasOwn(a, key))];
    for (const key of keys) walk(a[key], b[key], childPath(path, key), changes);
    return;
  }
  changes.push({ path: path === '' ? ROOT_PATH : path, before: a, after: b });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys that are not identifiers (URIs, ids with dashes) are quoted so that the path stays unambiguous. */
function childPath(path: string, key: string): string {
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}
