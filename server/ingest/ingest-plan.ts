import type { IngestContext } from './ingest-work';
import type { IngestRows, SourceRow } from './ingest-rows';

/**
 * What a folder would add, known before any media work: the resources with their source hashes
 * (to skip what is already there), the number of progress steps, and the work itself, which
 * fills rows for the resources asked for and writes media into the temporary directory.
 */
export interface IngestPlan {
  readonly sources: ReadonlyArray<SourceRow>;
  /** Progress steps of `run` over every source. */
  readonly steps: number;
  readonly run: (ctx: IngestContext, wanted: ReadonlySet<string>) => Promise<IngestRows>;
}
