import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The foundation's budget (issue 2): the widget's initial JS, gzipped, at most 100 KB. The figure is
 * the size of build.mjs's .gz copies of the entry and the chunks it imports up front, which the
 * server sends to browsers that take gzip. npm run bench prints it; e2e/initial-js-budget.test.ts
 * holds the build to it.
 */
export const INITIAL_JS_GZIP_BUDGET_BYTES = 100 * 1024;

export interface Metafile {
  outputs: Record<string, { imports: Array<{ path: string; kind: string }> }>;
}

/** The entry and every chunk it imports statically: what a visitor downloads before the widget runs. */
export function initialJsFiles(meta: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of meta.outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement') visit(imported.path);
    }
  };
  visit(entry);
  return [...seen];
}

export interface InitialJs {
  /** Paths as the metafile names them (dist/widget/...). */
  readonly files: string[];
  /** The served .gz copies (zopfli-made by build.mjs): the budget's figure. */
  readonly gzipBytes: number;
  /** zlib -9 of the same files, for comparison with other tools. */
  readonly zlib9Bytes: number;
  /** The served .br copies (what Chromium asks for). */
  readonly brotliBytes: number;
}

/** The initial JS of the build in `root`/dist (build.mjs writes dist/widget/meta.json). */
export function measureInitialJs(root: string): InitialJs {
  const meta = JSON.parse(readFileSync(join(root, 'dist/widget/meta.json'), 'utf8')) as Metafile;
  const files = initialJsFiles(meta, 'dist/widget/main.js');
  const sum = (size: (file: string) => number) => files.reduce((total, file) => total + size(file), 0);
  return {
    files,
    gzipBytes: sum((file) => readFileSync(join(root, `${file}.gz`)).length),
    zlib9Bytes: sum((file) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length),
    brotliBytes: sum((file) => readFileSync(join(root, `${file}.br`)).length),
  };
}
