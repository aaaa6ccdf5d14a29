import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { decodeMetadata, type IngestMetadata } from './metadata-codec';
import { contentHash } from './stable-ids';

export const METADATA_FILE = 'metadata.json';

/** A folder given to the ingest: its decoded metadata, and how to name it in messages. */
export interface SourceFolder {
  /** The folder's real path (symbolic links resolved): every file read must be inside it. */
  readonly dir: string;
  /** The folder as the user wrote it, for messages. */
  readonly label: string;
  readonly metadataBytes: Buffer;
  readonly metadata: IngestMetadata;
}

/** A file named by the metadata, read and hashed. */
export interface SourceFile {
  readonly path: string;
  /** `<folder>/<name>`, as messages name it. */
  readonly label: string;
  readonly name: string;
  readonly hash: string;
}

/** A path that resolves outside its source folder (a symbolic link out of it): the ingest reads only inside (issue 12). */
class OutsideFolder extends Error {}
const outside = (label: string, real: string, folder: string): Error =>
  new OutsideFolder(`${label}: refused: it resolves to ${real}, outside the source folder ${folder} (a symbolic link out of the folder is not followed)`);

/** The real path of `path`, which must lie inside the real folder `dir`; `label` names it in the error. */
function realInside(path: string, dir: string, label: string, folderLabel: string): string {
  const real = realpathSync(path);
  if (real !== dir && !real.startsWith(dir.endsWith(sep) ? dir : dir + sep)) throw outside(label, real, folderLabel);
  return real;
}

export function readSourceFolder(dir: string): SourceFolder {
  const label = dir.replace(/\/+$/, '');
  let realDir: string;
  let metadataBytes: Buffer;
  try {
    realDir = realpathSync(dir);
    metadataBytes = readFileSync(realInside(join(realDir, METADATA_FILE), realDir, join(label, METADATA_FILE), label));
  } catch (err) {
    if (err instanceof OutsideFolder) throw err;
    throw new Error(`${join(label, METADATA_FILE)}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`, { cause: err });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(metadataBytes.toString('utf8'));
  } catch (err) {
    throw new Error(`${join(label, METADATA_FILE)}: not JSON (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  return { dir: realDir, label, metadataBytes, metadata: decodeMetadata(raw, join(label, METADATA_FILE)) };
}

/** Reads a file the metadata names; a missing one is reported with the field that names it. */
export function readSourceFile(folder: SourceFolder, name: string, field: string): SourceFile {
  const label = join(folder.label, name);
  let path: string;
  let bytes: Buffer;
  try {
    // The real path is what every later step (ffprobe, ffmpeg) reads, so a link cannot be swapped in after this check.
    path = realInside(join(folder.dir, name), folder.dir, label, folder.label);
    if (!statSync(path).isFile()) throw Object.assign(new Error('not a file'), { code: 'not a file' });
    bytes = readFileSync(path);
  } catch (err) {
    if (err instanceof OutsideFolder) throw new OutsideFolder(`${err.message} (named by ${METADATA_FILE} ${field})`);
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`${label}: ${code === 'ENOENT' ? 'missing' : `cannot be read (${code ?? String(err)})`} (named by ${METADATA_FILE} ${field})`, {
      cause: err,
    });
  }
  if (bytes.length === 0) throw new Error(`${label}: empty file (named by ${METADATA_FILE} ${field})`);
  return { path, label, name, hash: contentHash(bytes) };
}

/** The source hash of a resource: what it was made from, in a fixed order. */
export function sourceHash(parts: ReadonlyArray<string | Buffer>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}
