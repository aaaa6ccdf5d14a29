/** A failed call's error as text for the player's failure actions (the same fallback as spec 000 §8's error report). */
export const failureText = (err: unknown): string => (err instanceof Error && err.message !== '' ? err.message : 'No error message');
