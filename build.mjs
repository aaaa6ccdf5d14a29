// Builds everything into dist/: the widget for the browser (ES modules, code splitting, minified),
// the server and the command-line scripts for Node. `node build.mjs --watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const watch = process.argv.includes('--watch');

rmSync('dist', { recursive: true, force: true });

/** What every browser bundle shares: minified ES modules for the browsers the widget supports. */
const browserModule = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome100', 'firefox100', 'safari15'],
  minify: true,
  sourcemap: true,
  legalComments: 'none',
};

/**
 * The widget's initial-JS budget: the widget's own modules import React and its JSX runtime
 * through ui/widget/react-bindings.ts and jsx-runtime-bindings.ts (the packages themselves and the
 * shims import the real ones). React is CommonJS: esbuild gives each importing module its own
 * namespace and calls every hook and element as `(0, ns.jsx)(...)`; bound once, it is `jsx(...)`.
 */
const reactBindings = {
  name: 'react-bindings',
  setup(build) {
    const shims = { react: 'ui/widget/react-bindings.ts', 'react/jsx-runtime': 'ui/widget/jsx-runtime-bindings.ts' };
    build.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) =>
      args.importer.includes('node_modules') || args.importer.endsWith('-bindings.ts') ? undefined : { path: join(import.meta.dirname, shims[args.path]) },
    );
  },
};

/**
 * io-ts's ES build defines every codec class and built-in codec at its top level with no pure
 * annotation, so esbuild keeps the ones nothing uses in the widget's first chunk. Marking those
 * class IIFEs and constructions pure lets them be dropped; what is used is unchanged.
 */
const pureIoTs = {
  name: 'pure-io-ts',
  setup(build) {
    build.onLoad({ filter: /[\\/]io-ts[\\/]es6[\\/]index\.js$/ }, (args) => ({
      loader: 'js',
      contents: readFileSync(args.path, 'utf8')
        .replaceAll('/** @class */ (function', '/* @__PURE__ */ (function')
        .replace(/^((?:export )?var \w+ = )(new |brand\(|refinement\()/gm, '$1/* @__PURE__ */ $2'),
    }));
  },
};

/** @type {esbuild.BuildOptions[]} */
const builds = [
  {
    // The embed widget. Code splitting keeps what the first frame does not need (modals, share
    // dialog, log download, their epics, the logging channels) in one lazy chunk (ui/widget/extras.ts).
    ...browserModule,
    entryPoints: { main: 'ui/widget/main.tsx' },
    outdir: 'dist/widget',
    splitting: true,
    metafile: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    chunkNames: 'chunks/[name]-[hash]',
    loader: { '.svg': 'text' },
    // rxjs's ES2015 build: smaller than its ES5 one.
    conditions: ['es2015'],
    plugins: [reactBindings, pureIoTs],
  },
  {
    // The full-playback engine (issue 5): a bundle of its own, not a chunk of the widget's split
    // build. A chunk would share modules with the widget's first chunk and make esbuild split
    // those into more up-front files, which the anonymous visitor pays for in the initial-JS budget;
    // as its own bundle it repeats rxjs and io-ts, which only logged-in visitors download.
    // ui/engine/engine-port.ts loads it next to the widget's entry (/widget/engine.js).
    ...browserModule,
    entryPoints: { engine: 'ui/engine/engine-client.ts' },
    outdir: 'dist/widget',
    define: { 'process.env.NODE_ENV': '"production"' },
    conditions: ['es2015'],
  },
  {
    // Issue 17: the web player's pages (server/webplayer/), hydrated by this bundle; the engine is
    // the widget's (/widget/engine.js), loaded on the first play.
    ...browserModule,
    entryPoints: { webplayer: 'ui/webplayer/main.tsx' },
    outdir: 'dist/widget',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    conditions: ['es2015'],
  },
  {
    // Issue 19: the replay viewer's page (/replay/{captureId}, server/replay-viewer/), rendering the widget's own components.
    ...browserModule,
    entryPoints: { 'replay-viewer': 'ui/replay-viewer/main.tsx' },
    outdir: 'dist/widget',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'text' },
    conditions: ['es2015'],
  },
  {
    // The parent page's client of the embed API (spec 000 §7): one ES module, no dependencies,
    // served at /embed-api/client.js.
    ...browserModule,
    entryPoints: { client: 'ui/embed-api-client/index.ts' },
    outdir: 'dist/embed-api',
  },
  {
    entryPoints: {
      'server/main': 'server/main.ts',
      'scripts/replay': 'scripts/replay.ts',
      'scripts/bench': 'scripts/bench.ts',
      'scripts/bench-logging': 'scripts/bench-logging.ts',
      'scripts/bench-realtime': 'scripts/bench-realtime.ts',
      'scripts/bench-replay-viewer': 'scripts/bench-replay-viewer.ts',
      'scripts/fuzz': 'scripts/fuzz.ts',
      'scripts/fuzz-server': 'scripts/fuzz-server.ts',
    },
    outdir: 'dist',
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    jsx: 'automatic',
    packages: 'external',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The packages stay external and choose their build at run time from NODE_ENV (React's server
    // renderer in development mode costs the embed page several ms per request): production unless
    // told otherwise. The banner repeats "use strict" so the file stays strict with a statement first.
    banner: { js: "'use strict';\nprocess.env.NODE_ENV ??= 'production';" },
  },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
  console.log('watching for changes');
} else {
  const [widget] = await Promise.all(builds.map((options) => esbuild.build(options)));
  // scripts/bench reads which chunks the entry loads up front (its initial JS).
  writeFileSync('dist/widget/meta.json', JSON.stringify(widget.metafile));
  await recompress(['dist/widget', 'dist/embed-api']);
  await precompress(['dist/widget', 'dist/embed-api']);
}

/**
 * A second minification of the browser's scripts by terser: esbuild minifies in one fast pass,
 * terser's repeated compress passes take another 2.5% off the gzipped widget, which the initial-JS
 * budget (100 KB gzipped) needs. Module mode keeps every chunk's import and export names; the
 * source maps are chained to esbuild's, so they still point at the TypeScript.
 */
async function recompress(dirs) {
  for (const dir of dirs) {
    for (const name of readdirSync(dir, { recursive: true })) {
      const file = join(dir, String(name));
      if (!file.endsWith('.js')) continue;
      const base = file.slice(file.lastIndexOf('/') + 1);
      const result = await minify(readFileSync(file, 'utf8'), {
        module: true,
        compress: { passes: 3, ecma: 2020 },
        mangle: true,
        format: { ecma: 2020 },
        sourceMap: { content: readFileSync(`${file}.map`, 'utf8'), url: `${base}.map` },
      });
      writeFileSync(file, result.code);
      writeFileSync(`${file}.map`, result.map);
    }
  }
}

/**
 * Brotli and gzip copies of every script and stylesheet, written once at build time: the server
 * sends the one the browser accepts (@fastify/static preCompressed), so visitors download the
 * compressed bytes, not the raw bundle. The gzip copies come from zopfli, which spends build time
 * to find a smaller deflate stream than zlib -9 (3.5% smaller on the widget) that every gzip
 * decoder reads.
 */
async function precompress(dirs) {
  for (const dir of dirs) {
    for (const name of readdirSync(dir, { recursive: true })) {
      const file = join(dir, String(name));
      if (!/\.(js|css)$/.test(file)) continue;
      const bytes = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, await gzipAsync(bytes, { numiterations: 15 }));
    }
  }
}
