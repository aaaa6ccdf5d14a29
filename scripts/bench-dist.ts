import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

/**
 * An empty widget bundle in a temporary folder: the server benches (bench-logging, bench-realtime)
 * need the server, not its pages. A module of its own: a bench imported by another would run its
 * main too once bundled (require.main is the bundle's module).
 */
export function fakeDist(): string {
  const distDir = mkdtempSync(join(tmpdir(), 'embed-bench-dist-'));
  mkdirSync(join(distDir, 'widget'));
  writeFileSync(join(distDir, 'widget', 'main.css'), '');
  writeFileSync(join(distDir, 'widget', 'main.js'), '');
  writeFileSync(join(distDir, 'widget', 'main.js.br'), brotliCompressSync(''));
  return distDir;
}
