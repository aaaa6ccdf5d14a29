/**
 * The media pipeline's errors of spec 001 §8 (Media, Fragment, Manifest, Storage), as typed values
 * with a code from the §8 families. Where §8 quotes a text it is used verbatim; where it only names
 * the error (storage, seektable) the text here is ours. Media element errors (MEDIA_ABORTED …)
 * live in core/contract/failures.ts MEDIA_ERRORS and are not repeated here.
 * The shape matches the widget's mediaFailed props ({code, message}).
 */
export interface MediaPipelineError {
  readonly code: string;
  readonly message: string;
  /** Extra context (decode errors, URLs) kept out of the catalogue text. */
  readonly detail?: string;
}

function error(code: string, message: string, detail?: string): MediaPipelineError {
  return detail === undefined ? { code, message } : { code, message, detail };
}

// spec 001 §8 Fragment: the four quoted texts.
export const fragmentEmptyResponse = (): MediaPipelineError => error('FRAGMENT_EMPTY_RESPONSE', 'Empty response for successful buffer.');
export const fragmentUnexpectedLength = (expected: number, got: number): MediaPipelineError =>
  error('FRAGMENT_UNEXPECTED_LENGTH', 'Received buffer of unexpected length.', `expected ${expected} bytes, got ${got}`);
export const fragmentRequestFailed = (status: number): MediaPipelineError => error('FRAGMENT_REQUEST_FAILED', `Buffer request failed with status ${status}`);
export const fragmentNoResolvedUrl = (): MediaPipelineError => error('FRAGMENT_NO_RESOLVED_URL', 'Cannot fetch buffer: No resolved URL');
/** spec 001 §8 Fragment: status 0 while offline, and while online (the fallback URL is tried first). */
export const fragmentStatusZero = (online: boolean): MediaPipelineError =>
  error(online ? 'FRAGMENT_REQUEST_FAILED_ONLINE' : 'FRAGMENT_REQUEST_FAILED_OFFLINE', 'Buffer request failed with status 0');

// spec 001 §8 Manifest (FILE_* family).
export const fileMalformedSeektable = (detail?: string): MediaPipelineError => error('FILE_MALFORMED_SEEKTABLE', 'Malformed seektable.', detail);
export const fileMalformedSeektableNoContents = (): MediaPipelineError => error('FILE_MALFORMED_SEEKTABLE_NO_CONTENTS', 'Malformed seektable: no contents.');
export const fileKeySystemFormat = (): MediaPipelineError => error('FILE_KEYSYSTEM_UNSUPPORTED_FORMAT', 'KeySystem does not support the file format.');
export const fileInvalidPssh = (): MediaPipelineError => error('FILE_INVALID_PSSH', 'Invalid PSSH value.');

// spec 001 §8 Storage.
export const storageResolveFailed = (status: number): MediaPipelineError => error('STORAGE_RESOLVE_FAILED', `Storage resolve failed with status ${status}`);
export const storageNoTracks = (): MediaPipelineError => error('STORAGE_RESOLVE_NO_TRACKS', 'Storage resolve returned no tracks.');
export const storageManifestFailed = (status: number): MediaPipelineError =>
  error('STORAGE_TRACK_MANIFEST_FAILED', `Track manifest request failed with status ${status}`);
export const storageManifestEmpty = (): MediaPipelineError => error('STORAGE_TRACK_MANIFEST_EMPTY', 'Track manifest is empty.');
export const storageVideoManifestFailed = (status: number): MediaPipelineError =>
  error('STORAGE_VIDEO_MANIFEST_FAILED', `Video manifest request failed with status ${status}`);

// spec 001 §8 Media: buffer quota exceeded (pauses and emits this text, per an option).
export const mediaBufferQuotaExceeded = (): MediaPipelineError => error('MEDIA_BUFFER_QUOTA_EXCEEDED', 'Buffer quota exceeded.');
