import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { Envelope } from './store';
import { formatDecodeErrors } from '../model/decode-errors';

/** The schema of the JSONL action log (ARCHITECTURE.md §3). Bump it when a line changes shape. */
export const ACTION_LOG_SCHEMA = 1;

export interface LogHeader {
  readonly kind: 'header';
  readonly schema: number;
  readonly app: string;
  readonly version: string;
  readonly initialState: unknown;
}

export interface ActionLogFile {
  readonly header: LogHeader;
  readonly entries: ReadonlyArray<Envelope>;
}

const headerCodec = t.type({
  kind: t.literal('header'),
  schema: t.number,
  app: t.string,
  version: t.string,
  initialState: t.unknown,
});

const envelopeCodec = t.intersection([
  t.type({
    seq: t.number,
    t: t.number,
    src: t.keyof({ ui: null, adapter: null, epic: null }),
    action: t.intersection([t.type({ type: t.string }), t.UnknownRecord]),
  }),
  t.partial({ cause: t.number }),
]);

/** Collects the log of one session in memory, ready to download as JSONL. */
export function createActionLog(header: Omit<LogHeader, 'kind' | 'schema'>): {
  record(envelope: Envelope): void;
  file(): ActionLogFile;
  toJsonl(): string;
} {
  const fullHeader: LogHeader = { kind: 'header', schema: ACTION_LOG_SCHEMA, ...header };
  const entries: Envelope[] = [];
  return {
    record: (envelope) => {
      entries.push(envelope);
    },
    file: () => ({ header: fullHeader, entries }),
    toJsonl: () => serializeActionLog({ header: fullHeader, entries }),
  };
}

export function serializeActionLog(file: ActionLogFile): string {
  return [file.header, ...file.entries].map((line) => JSON.stringify(line)).join('\n') + '\n';
}

export class ActionLogError extends Error {
  override readonly name = 'ActionLogError';
}

/**
 * Decodes a JSONL log. A log of another schema version is refused before its lines are read,
 * since their shape may mean something else.
 */
export function parseActionLog(text: string): ActionLogFile {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const [first, ...rest] = lines;
  if (first === undefined) throw new ActionLogError('The action log is empty: expected a header line.');
  const header = headerCodec.decode(parseJson(first, 1));
  if (isLeft(header)) throw new ActionLogError(`Line 1 is not an action log header: ${formatDecodeErrors(header.left)}`);
  if (header.right.schema !== ACTION_LOG_SCHEMA) {
    throw new ActionLogError(
      `This action log has schema version ${header.right.schema}; this build reads schema version ${ACTION_LOG_SCHEMA} only.`,
    );
  }
  const entries = rest.map((line, index) => {
    const decoded = envelopeCodec.decode(parseJson(line, index + 2));
    if (isLeft(decoded)) throw new ActionLogError(`Line ${index + 2}: ${formatDecodeErrors(decoded.left)}`);
    return decoded.right as Envelope;
  });
  entries.forEach((entry, index) => {
    if (entry.seq !== index + 1) {
      throw new ActionLogError(`Line ${index + 2}: expected seq ${index + 1}, found ${entry.seq}.`);
    }
  });
  return { header: header.right, entries };
}

function parseJson(line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ActionLogError(`Line ${lineNumber} is not valid JSON.`);
  }
}
