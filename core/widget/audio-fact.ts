import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { Action } from '../store/action';
import {
  mediaCanPlayThrough,
  mediaEnded,
  mediaFailed,
  mediaMetadataLoaded,
  mediaPaused,
  mediaPlaying,
  mediaTimeUpdated,
  mediaWaiting,
} from '../widget/actions';
import { formatDecodeErrors } from './decode-errors';

/** The raw fact an audio element adapter reports (core/ports.ts AudioFact), as a codec. */
export const AudioFactCodec = t.intersection(
  [
    t.type({
      kind: t.keyof({
        loadedmetadata: null,
        canplaythrough: null,
        playing: null,
        pause: null,
        ended: null,
        timeupdate: null,
        waiting: null,
        error: null,
      }),
      positionMs: t.number,
      durationMs: t.number,
    }),
    t.partial({ errorCode: t.number }),
  ],
  'AudioFact',
);

/** spec 001 §8 Media: MediaError codes 1-4 and the catalogue's texts. */
export const MEDIA_ERRORS: Readonly<Record<number, { readonly code: string; readonly message: string }>> = {
  1: { code: 'MEDIA_ABORTED', message: 'Media aborted.' },
  2: { code: 'MEDIA_NETWORK_ERROR', message: 'Network error.' },
  3: { code: 'MEDIA_DECODING_ERROR', message: 'Media decoding error.' },
  4: { code: 'MEDIA_NOT_SUPPORTED', message: 'Media not supported.' },
};

/** spec 001 §8 Media: "generic player media or playback error", for codes outside 1-4. */
export const MEDIA_GENERIC_ERROR = 'MEDIA_ERROR';
/** A fact the adapter could not describe; the message names the field. */
export const MEDIA_FACT_INVALID = 'MEDIA_FACT_INVALID';

/** Whole milliseconds; NaN (unknown) and infinite (a stream without end) become 0. */
function ms(value: number): number {
  return Number.isFinite(value) ? Math.round(value) : 0;
}

/**
 * Decodes a raw audio fact into a media/* action. It never throws: bad input becomes a
 * media/failed action that says which field was wrong.
 */
export function decodeAudioFact(raw: unknown): Action {
  const decoded = AudioFactCodec.decode(raw);
  if (isLeft(decoded)) {
    return mediaFailed({ code: MEDIA_FACT_INVALID, message: `Invalid audio fact: ${formatDecodeErrors(decoded.left)}` });
  }
  const fact = decoded.right;
  const positionMs = ms(fact.positionMs);
  switch (fact.kind) {
    case 'loadedmetadata':
      return mediaMetadataLoaded({ durationMs: ms(fact.durationMs) });
    case 'canplaythrough':
      return mediaCanPlayThrough();
    case 'playing':
      return mediaPlaying({ positionMs });
    case 'pause':
      return mediaPaused({ positionMs });
    case 'ended':
      return mediaEnded();
    case 'timeupdate':
      return mediaTimeUpdated({ positionMs });
    case 'waiting':
      return mediaWaiting();
    case 'error': {
      const known = fact.errorCode === undefined ? undefined : MEDIA_ERRORS[fact.errorCode];
      return mediaFailed(
        known ?? {
          code: MEDIA_GENERIC_ERROR,
          message: fact.errorCode === undefined ? 'Media error (no code).' : `Media error (code ${fact.errorCode}).`,
        },
      );
    }
  }
}
