// `npm run fuzz` (built by build.mjs to dist/scripts/fuzz.js): malformed input at every route of the
// provider and raw HTTP/1.1 at its socket (scripts/fuzz-lib.ts), then a table; exits 1 when any
// answer was a 5xx or the process died.
//   node dist/scripts/fuzz.js [--requests 2500] [--seconds 300] [--seed 1] [--url http://127.0.0.1:8080]
// Without --url it starts the real server (dist/scripts/fuzz-server.js: buildServer over a temporary
// DATA_DIR on 127.0.0.1, port 0) as a child process, so a death is seen as the process exiting.
import { join } from 'node:path';
import { formatResult, runFuzz, type Target } from './fuzz-lib';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
}

async function main(): Promise<number> {
  const url = option('url', '');
  const target: Target = url === '' ? { kind: 'spawn', entry: join(__dirname, 'fuzz-server.js') } : { kind: 'url', url };
  const result = await runFuzz({
    target,
    requests: Number(option('requests', '2500')),
    seconds: Number(option('seconds', '300')),
    seed: Number(option('seed', '1')),
    log: (line) => console.error(line),
  });
  console.log(formatResult(result));
  return result.serverErrors.length > 0 || result.deaths.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
