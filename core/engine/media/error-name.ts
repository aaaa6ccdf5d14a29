/** The name of a rejection (a DOMException's: NotAllowedError, QuotaExceededError, ...), 'Error' when it has none. */
export const errorName = (err: unknown): string =>
  typeof err === 'object' && err !== null && typeof (err as { name?: unknown }).name === 'string' ? (err as { name: string }).name : 'Error';
