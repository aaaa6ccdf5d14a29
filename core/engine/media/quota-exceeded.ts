import { mediaBufferQuotaExceeded, type MediaPipelineError } from './media-errors';

export type QuotaReaction = { readonly kind: 'rebuffer' } | { readonly kind: 'pause'; readonly error: MediaPipelineError };

/**
 * spec 001 §8 Media: buffer quota exceeded either rebuffers the current track (drop what is
 * buffered behind the playhead and fetch again) or pauses and emits 'Buffer quota exceeded.',
 * per an option.
 */
export function onQuotaExceeded(pauseOnQuotaExceeded: boolean): QuotaReaction {
  return pauseOnQuotaExceeded ? { kind: 'pause', error: mediaBufferQuotaExceeded() } : { kind: 'rebuffer' };
}
