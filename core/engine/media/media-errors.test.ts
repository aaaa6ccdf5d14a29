import {
  fileInvalidPssh,
  fileKeySystemFormat,
  fileMalformedSeektable,
  fileMalformedSeektableNoContents,
  fragmentEmptyResponse,
  fragmentNoResolvedUrl,
  fragmentRequestFailed,
  fragmentStatusZero,
  fragmentUnexpectedLength,
  storageManifestEmpty,
  storageManifestFailed,
  storageNoTracks,
  storageResolveFailed,
  storageVideoManifestFailed,
  type MediaPipelineError,
} from './media-errors';
import { onQuotaExceeded } from './quota-exceeded';

describe('media pipeline errors (spec 001 §8 Fragment, Manifest, Storage)', () => {
  it.each<[string, MediaPipelineError, string, RegExp]>([
    // The four texts §8 quotes, verbatim.
    ['empty response', fragmentEmptyResponse(), 'FRAGMENT_', /^Empty response for successful buffer\.$/],
    ['unexpected length', fragmentUnexpectedLength(10, 9), 'FRAGMENT_', /^Received buffer of unexpected length\.$/],
    ['request failed', fragmentRequestFailed(502), 'FRAGMENT_', /^Buffer request failed with status 502$/],
    ['no resolved URL', fragmentNoResolvedUrl(), 'FRAGMENT_', /^Cannot fetch buffer: No resolved URL$/],
    ['offline status 0', fragmentStatusZero(false), 'FRAGMENT_', /^Buffer request failed with status 0$/],
    ['online status 0', fragmentStatusZero(true), 'FRAGMENT_', /^Buffer request failed with status 0$/],
    ['malformed seektable', fileMalformedSeektable(), 'FILE_', /^Malformed seektable\.$/],
    ['malformed seektable with no contents', fileMalformedSeektableNoContents(), 'FILE_', /no contents/],
    ['key system format', fileKeySystemFormat(), 'FILE_', /^KeySystem does not support the file format\.$/],
    ['invalid PSSH', fileInvalidPssh(), 'FILE_', /PSSH/],
    ['storage resolve failed', storageResolveFailed(500), 'STORAGE_', /status 500$/],
    ['storage no tracks', storageNoTracks(), 'STORAGE_', /no tracks/],
    ['track manifest failed', storageManifestFailed(404), 'STORAGE_', /status 404$/],
    ['track manifest empty', storageManifestEmpty(), 'STORAGE_', /empty/],
    ['video manifest failed', storageVideoManifestFailed(500), 'STORAGE_', /Video manifest.*500$/],
  ])('%s: a code of its §8 family and its text', (_name, error, family, text) => {
    expect(error.code.startsWith(family)).toBe(true);
    expect(error.message).toMatch(text);
  });

  it('offline and online status 0 are told apart by code', () => {
    expect(fragmentStatusZero(false).code).not.toBe(fragmentStatusZero(true).code);
  });
});

describe('buffer quota exceeded (spec 001 §8 Media: rebuffers, or pauses and emits the text, per an option)', () => {
  it('by default the current track rebuffers', () => {
    expect(onQuotaExceeded(false)).toEqual({ kind: 'rebuffer' });
  });

  it("with the option, pause with 'Buffer quota exceeded.'", () => {
    expect(onQuotaExceeded(true)).toEqual({
      kind: 'pause',
      error: { code: 'MEDIA_BUFFER_QUOTA_EXCEEDED', message: 'Buffer quota exceeded.' },
    });
  });
});
