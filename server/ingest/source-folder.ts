import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeMetadata, type IngestMetadata } from './metadata-codec';
import { contentHash } from './stable-ids';

export const METADATA_FILE = 'metadata.json';

/** A folder given to the ingest: its decoded metadata, and how to name it in messages. */
export interface SourceFolder {
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

export function readSourceFolder(dir: string): SourceFolder {
  const label = dir.replace(/\/+$/, '');
  const metadataPath = join(dir, METADATA_FILE);
  let metadataBytes: Buffer;
  try {
    metadataBytes = readFileSync(metadataPath);
  } catch (err) {
    throw new Error(`${join(label, METADATA_FILE)}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(metadataBytes.toString('utf8'));
  } catch (err) {
    throw new Error(`${join(label, METADATA_FILE)}: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  return { dir: resolve(dir), label, metadataBytes, metadata: decodeMetadata(raw, join(label, METADATA_FILE)) };
}

/** Reads a file the metadata names; a missing one is reported with the field that names it. */
export function readSourceFile(folder: SourceFolder, name: string, field: string): SourceFile {
  const path = join(folder.dir, name);
  const label = join(folder.label, name);
  let bytes: Buffer;
  try {
    if (!statSync(path).isFile()) throw Object.assign(new Error('not a file'), { code: 'not a file' });
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`${label}: ${code === 'ENOENT' ? 'missing' : `cannot be read (${code ?? String(err)})`} (named by ${METADATA_FILE} ${field})`);
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
