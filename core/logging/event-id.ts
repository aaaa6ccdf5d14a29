import type { RandomPort } from '../ports';

/** Draws of the random port per id: each gives 32 bits, so an id holds 128 bits (32 hex characters). */
const DRAWS = 4;

/**
 * Issue 12 (exactly-once logging): a log event's id, drawn from the injected randomness when the
 * event is made and kept with it (in memory and in the outbox's storage), so that every retry of
 * the event, from this page or the next, carries the same id and the provider stores it once.
 */
export function eventIdFrom(random: RandomPort): string {
  let id = '';
  for (let i = 0; i < DRAWS; i += 1) {
    id += Math.min(0xffffffff, Math.floor(random.next() * 0x100000000))
      .toString(16)
      .padStart(8, '0');
  }
  return id;
}

/** The id of the entry at `index` of a batch whose id is `batchId`: unique per event, as stable as the batch. */
export const entryEventId = (batchId: string, index: number): string => `${batchId}.${index}`;
