import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WidgetAssets } from './embed-page';

interface Metafile {
  outputs: Record<string, { imports?: Array<{ path: string; kind: string }> }>;
}

/**
 * Reads what build.mjs wrote to dist/widget once at start: the CSS to inline and the scripts the
 * entry loads up front. A server started without a build still answers, with a page that says so.
 */
export function readWidgetAssets(distDir: string): WidgetAssets {
  const widgetDir = join(distDir, 'widget');
  const cssPath = join(widgetDir, 'main.css');
  const css = existsSync(cssPath) ? readFileSync(cssPath, 'utf8') : '';
  const metaPath = join(widgetDir, 'meta.json');
  if (!existsSync(metaPath)) return { css, scripts: existsSync(join(widgetDir, 'main.js')) ? ['/widget/main.js'] : [] };
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Metafile;
  const entry = Object.keys(meta.outputs).find((path) => path.endsWith('/widget/main.js'));
  if (entry === undefined) return { css, scripts: [] };
  const prefix = entry.slice(0, entry.length - 'main.js'.length);
  const staticImports = (meta.outputs[entry]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path);
  return { css, scripts: [entry, ...staticImports].map((path) => `/widget/${path.slice(prefix.length)}`) };
}
