// What browser tests keep for a person to look at afterwards (screenshots, action logs) goes under
// e2e/artifacts/. The folder is gitignored, so a clean checkout has none of it: every path handed
// out here has its folder made first (CI's clean clone failed on a screenshot into a missing folder).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ARTIFACTS_ROOT = resolve(__dirname, 'artifacts');

/** The path of an artifact under e2e/artifacts/ (parts joined), its folder made. */
export function artifactPath(...parts: string[]): string {
  const path = join(ARTIFACTS_ROOT, ...parts);
  mkdirSync(dirname(path), { recursive: true });
  return path;
}
