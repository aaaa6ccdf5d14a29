import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { Action } from '../store/action';
import { mediaCanPlayThrough, mediaEnded, mediaFailed, mediaMetadataLoaded, mediaPaused, mediaPlaying, mediaTimeUpdated, mediaWaiting } from './actions';
import { MEDIA_ERRORS, MEDIA_FACT_INVALID, MEDIA_GENERIC_ERROR } from '../contract/failures';
import { formatDecodeErrors } from '../model/decode-errors';

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
