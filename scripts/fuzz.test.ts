import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fakeDist } from '../server/test-server';
import { formatResult, nextRequest, parseStatuses, rand, runFuzz, sweep, type TargetInfo } from './fuzz-lib';

/*
 * Issue 12 Must show: scripts/fuzz, run with a small count: malformed input at every route and raw
 * HTTP/1.1 at the socket of the real server, as a child process; no answer is a 5xx and the process
 * never dies. (Before the fixes, a `GET //[` upgrade ended the process and 100000-deep JSON answered
 * 500 on the Web API, the log and the logging service.)
 */

const ROOT = resolve(__dirname, '..');
let buildDir: string;
let distDir: string;

beforeAll(async () => {
  // The child server, bundled as build.mjs bundles it (dist/ is left alone: others may be building it).
  buildDir = mkdtempSync(join(tmpdir(), 'embed-fuzz-build-'));
  await esbuild.build({
    entryPoints: { 'fuzz-server': join(ROOT, 'scripts/fuzz-server.ts') },
    outdir: buildDir,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  distDir = fakeDist();
}, 60_000);
afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

const INFO: TargetInfo = {
  url: 'http://127.0.0.1:1',
  routes: [
    { method: 'GET', url: '/v1/albums/:id' },
    { method: 'POST', url: '/v1/logging/:kind' },
  ],
  token: 't',
  ids: ['id1'],
  params: { kind: ['client_event'] },
};

describe('scripts/fuzz', () => {
  it('throws the same requests for the same seed', () => {
    const run = (seed: number) => {
      const r = rand(seed);
      return [...sweep(INFO, 1, r), ...Array.from({ length: 50 }, () => nextRequest(INFO, 1, r))].map((t) => t.bytes.toString('latin1'));
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it('sweeps every route, with 100000-deep JSON where a route takes a body', () => {
    const names = sweep(INFO, 1, rand(1)).map((t) => t.name);
    expect(names).toEqual(['GET /v1/albums/:id', 'POST /v1/logging/:kind deep JSON (application/json)', 'POST /v1/logging/:kind deep JSON (text/plain)']);
  });

  it('reads every pipelined status, skipping bodies by length and by chunks', () => {
    const bytes = Buffer.from(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nHTTP/HTTP/1.1 500 X\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\nHTTP/1.1 404 N\r\n\r\n',
    );
    expect(parseStatuses(bytes)).toEqual([100, 200, 500, 404]);
  });

  it('finds no 5xx and no process death in a few hundred requests at the real server', async () => {
    const result = await runFuzz({
      target: {
        kind: 'spawn',
        entry: join(buildDir, 'fuzz-server.js'),
        env: { NODE_PATH: join(ROOT, 'node_modules'), FUZZ_DIST_DIR: distDir, FUZZ_FIXTURES_DIR: join(ROOT, 'fixtures'), NODE_ENV: 'production' },
      },
      requests: 400,
      seconds: 45,
      seed: 12,
    });
    const table = formatResult(result);
    // Every route was reached: the sweep alone is one request per route and two per route with a body.
    expect(result.routes).toBeGreaterThan(100);
    expect(result.requests).toBeGreaterThan(result.routes);
    expect({ serverErrors: result.serverErrors, deaths: result.deaths, table }).toEqual({ serverErrors: [], deaths: [], table: expect.any(String) });
  }, 90_000);
});
