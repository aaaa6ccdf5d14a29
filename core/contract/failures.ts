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
