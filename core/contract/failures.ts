import * as t from 'io-ts';
import { defineAction } from '../store/action';

/*
 * The failures the full-playback engine reports to the widget (spec 001 §8 Reactions, spec 000 §4
 * Initialization failure, §8), as the actions both stores know, and their codes: one contract that
 * the engine (core/engine) and the widget (core/widget) import, neither importing the other.
 */

/**
 * A player initialization failure, by its spec 001 §8 code (e.g. EME_NO_SUPPORTED_KEYSYSTEM): an
 * engine action, and in the widget an adapter fact decoded from the engine's initializationFailed event.
 */
export const playerInitFailed = defineAction('player/initializationFailed', { code: t.string, message: t.string });
/**
 * A content-license error from the protected-playback system (spec 000 §8; spec 001 §8 Reactions:
 * "a Widevine license error shows the playback-not-supported modal"). A widget fact decoded from
 * the engine's licenceFailed event.
 */
export const licenseFailed = defineAction('player/licenseFailed', { code: t.string, message: t.string });

/*
 * spec 000 §4 Initialization failure / §8: "A player initialization failure with a
 * no-supported-key-system, no-track-player or EME-not-supported error switches playback to preview
 * mode". Spec 001 §8 names the code families (EME_*, LIST_PLAYER_*) and the errors ('No supported
 * keysystem was found.', the list player's "no track player", the EME "API not supported"), not
 * the full codes; these are the codes the engine (issue 5) emits for them, in the form
 * ARCHITECTURE.md §5 gives (EME_NO_SUPPORTED_KEYSYSTEM).
 */
export const EME_NO_SUPPORTED_KEYSYSTEM = 'EME_NO_SUPPORTED_KEYSYSTEM';
export const LIST_PLAYER_NO_TRACK_PLAYER = 'LIST_PLAYER_NO_TRACK_PLAYER';
export const EME_API_NOT_SUPPORTED = 'EME_API_NOT_SUPPORTED';

export const PREVIEW_FALLBACK_CODES: ReadonlyArray<string> = [EME_NO_SUPPORTED_KEYSYSTEM, LIST_PLAYER_NO_TRACK_PLAYER, EME_API_NOT_SUPPORTED];

/** Whether an initialization failure with this code switches playback to preview (other codes: no). */
export function switchesToPreview(code: string): boolean {
  return PREVIEW_FALLBACK_CODES.includes(code);
}

/** spec 001 §8 Media: MediaError codes 1-4 and the catalogue's texts (the preview's audio element and the engine's alike). */
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
