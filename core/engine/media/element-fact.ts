import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { Action } from '../../store/action';
import { formatDecodeErrors } from '../../model/decode-errors';
import { MEDIA_ERRORS, MEDIA_FACT_INVALID, MEDIA_GENERIC_ERROR } from '../../contract';
import { ElementFactKind, mediaElementFact, mediaPlayerFailed } from './actions';

/** The raw fact of MediaSourcePort.facts$ (core/ports.ts MediaElementFact), as a codec. */
export const MediaElementFactCodec = t.intersection(
  [
    t.type({
      kind: ElementFactKind,
      positionMs: t.number,
      durationMs: t.number,
      bufferedEndMs: t.number,
    }),
    t.partial({ errorCode: t.number }),
  ],
  'MediaElementFact',
);

/** Whole milliseconds; NaN (unknown) and infinite (no known end) become 0. */
const ms = (value: number): number => (Number.isFinite(value) ? Math.round(value) : 0);

/**
 * Decodes a raw element fact into a mediaPlayer/elementFact action (dispatch it with src
 * 'adapter'). It never throws: bad input becomes a mediaPlayer/failed naming the field.
 */
export function decodeMediaElementFact(raw: unknown, playId: number): Action {
  const decoded = MediaElementFactCodec.decode(raw);
  if (isLeft(decoded)) {
    return mediaPlayerFailed({
      playId,
      code: MEDIA_FACT_INVALID,
      message: `Invalid media element fact: ${formatDecodeErrors(decoded.left)}`,
      fatal: false,
      detail: null,
    });
  }
  const fact = decoded.right;
  return mediaElementFact({
    kind: fact.kind,
    positionMs: ms(fact.positionMs),
    durationMs: ms(fact.durationMs),
    bufferedEndMs: ms(fact.bufferedEndMs),
    errorCode: fact.kind === 'error' ? (fact.errorCode ?? 0) : null,
  });
}

/** spec 001 §8 Media: MediaError codes 1-4 with their texts; other codes are the generic media error. */
export function mediaElementError(errorCode: number): { readonly code: string; readonly message: string } {
  return MEDIA_ERRORS[errorCode] ?? { code: MEDIA_GENERIC_ERROR, message: `Media error (code ${errorCode}).` };
}
