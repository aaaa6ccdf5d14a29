// Issue 13 set-up: CI installs with `npm ci` (.ci/run), which refuses a lock file that lacks any
// package the tree needs, other platforms' optional ones included ("Missing: @unrs/resolver-binding-
// darwin-arm64@1.13.0 from lock file": the lock of 52c0151..2b10013 held only the Linux bindings of
// jest's resolver). And on the README's Node 20 nothing installed may ask for a newer Node
// (EBADENGINE: light-my-request 6.8 brought cookie 2, which wants Node 22; package.json pins
// light-my-request ~6.6 through `overrides`). .ci/run checks both on a real install
// (npm ci --engine-strict); this test reads the lock file alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
  readonly version?: string;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { readonly optional?: boolean }>;
  readonly engines?: Record<string, string> | string[];
}

const lock = JSON.parse(readFileSync(join(__dirname, '..', 'package-lock.json'), 'utf8')) as {
  readonly lockfileVersion: number;
  readonly packages: Record<string, LockEntry>;
};
const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly overrides?: Record<string, unknown>;
};

/** Where Node would find `name` from the package at `from` (its own node_modules, then each parent's). */
function resolveIn(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json (issue 13: npm ci on a fresh machine, no engine warning on Node 20)', () => {
  it("is a lockfile v3 whose root is package.json's dependencies and overrides", () => {
    expect(lock.lockfileVersion).toBe(3);
    const root = lock.packages[''] as LockEntry & { devDependencies?: Record<string, string> };
    expect(root.dependencies).toEqual(pkg.dependencies);
    expect(root.devDependencies).toEqual(pkg.devDependencies);
  });

  it("holds every dependency of every package, every platform's optional ones included (what npm ci requires)", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.optionalDependencies ?? {}),
        ...Object.keys(entry.peerDependencies ?? {}).filter((name) => entry.peerDependenciesMeta?.[name]?.optional !== true),
      ];
      for (const name of wanted) if (resolveIn(path, name) === undefined) missing.push(`${name} (for ${path === '' ? 'the project' : path})`);
    }
    expect(missing).toEqual([]);
  });

  it('holds no package whose engines shut out Node 20 by a lower bound above it (the EBADENGINE of cookie 2: node >=22)', () => {
    // The form every such package of ours used; npm ci --engine-strict in .ci/run checks the rest.
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      const floor = node === undefined ? undefined : /^\s*>=?\s*v?(\d+)/.exec(node);
      return floor !== null && floor !== undefined && !node?.includes('||') && Number(floor[1]) > 20 ? [`${path}@${entry.version}: node ${node}`] : [];
    });
    expect(refusing).toEqual([]);
  });

  it("keeps light-my-request (fastify's inject) on 6.6, the last before cookie 2 (Node 22), through overrides", () => {
    expect(pkg.overrides).toEqual(expect.objectContaining({ 'light-my-request': '~6.6.0' }));
    const found = Object.entries(lock.packages).filter(([path]) => path.endsWith('node_modules/light-my-request'));
    expect(found.map(([, entry]) => entry.version)).toEqual([expect.stringMatching(/^6\.6\./)]);
  });
});
