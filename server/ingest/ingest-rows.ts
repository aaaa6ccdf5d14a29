import type { SeekTableJson } from './transcode';

/** An image row: `file` is relative to `${DATA_DIR}/media`. */
export interface ImageRow {
  readonly ownerType: 'artist' | 'album' | 'playlist' | 'show' | 'episode';
  readonly ownerId: string;
  readonly file: string;
  readonly width: number;
  readonly height: number;
}

export interface AudioFileRow {
  readonly fileId: string;
  /** Relative to `${DATA_DIR}/media`. */
  readonly path: string;
  readonly format: string;
  readonly bitrate: number;
  readonly keyId: string | null;
  readonly key: string | null;
  readonly seekTable: SeekTableJson | null;
  readonly trackId: string | null;
  readonly episodeId: string | null;
}

/** A video episode's source (spec 001 §3 manifest_ids_video); `mediaDir` is relative to `${DATA_DIR}/media`. */
export interface VideoSourceRow {
  readonly sourceId: string;
  readonly episodeId: string;
  readonly segmentLength: number;
  readonly durationMs: number;
  readonly keyId: string;
  readonly key: string;
  readonly subtitleLanguages: readonly string[];
  readonly mediaDir: string;
}

/** One profile of a video source (spec 001 §3 Video profile); `path` is relative to `${DATA_DIR}/media`. */
export interface VideoProfileRow {
  readonly sourceId: string;
  readonly profileId: number;
  readonly path: string;
  readonly mimeType: string;
  readonly videoCodec: string | null;
  readonly audioCodec: string | null;
  readonly encrypted: boolean;
  readonly preview: boolean;
  readonly maxBitrate: number;
  readonly videoBitrate: number;
  readonly audioBitrate: number;
  readonly width: number;
  readonly height: number;
  readonly seekTable: SeekTableJson;
}

/** What one ingested resource was made from (table ingest_sources). */
export interface SourceRow {
  readonly resourceId: string;
  readonly kind: 'album' | 'show' | 'playlist';
  readonly name: string;
  readonly sourceHash: string;
}

/** Every row one ingest adds, written in one transaction, and the files it moves into the media folder. */
export interface IngestRows {
  artists: Array<{ id: string; name: string; dominantColor: string }>;
  artistBiographies: Array<{ artistId: string; biography: string }>;
  albums: Array<{ id: string; name: string; releaseDate: string; dominantColor: string }>;
  albumArtists: Array<{ albumId: string; artistId: string; position: number }>;
  tracks: Array<{ id: string; name: string; albumId: string; trackNumber: number; durationMs: number; previewFile: string }>;
  trackArtists: Array<{ trackId: string; artistId: string; position: number }>;
  trackMarkets: Array<{ trackId: string; markets: string[] }>;
  /** Appended after the artist's existing top tracks. */
  topTracks: Array<{ artistId: string; trackId: string }>;
  shows: Array<{ id: string; name: string; publisher: string; dominantColor: string; markets: string[] }>;
  episodes: Array<{
    id: string;
    name: string;
    showId: string;
    releaseDate: string;
    durationMs: number;
    previewFile: string;
    dominantColor: string;
    markets: string[];
  }>;
  episodeDescriptions: Array<{ episodeId: string; description: string }>;
  playlists: Array<{ id: string; name: string; owner: string; dominantColor: string }>;
  playlistTracks: Array<{ playlistId: string; trackId: string; position: number }>;
  /** Issue 17: genres named by this ingest (one already in the catalogue is kept as it is). */
  genres: Array<{ id: string; name: string }>;
  itemGenres: Array<{ itemType: 'artist' | 'album' | 'show' | 'playlist'; itemId: string; genreId: string; position: number }>;
  images: ImageRow[];
  audioFiles: AudioFileRow[];
  /** Issue 18: video episodes' sources and profiles (migration 007). */
  videoSources: VideoSourceRow[];
  videoProfiles: VideoProfileRow[];
  sources: SourceRow[];
  /** Files in the temporary directory (`tmpName`) and where they go under the media folder. */
  files: Array<{ tmpName: string; mediaPath: string }>;
}

export const emptyRows = (): IngestRows => ({
  artists: [],
  artistBiographies: [],
  albums: [],
  albumArtists: [],
  tracks: [],
  trackArtists: [],
  trackMarkets: [],
  topTracks: [],
  shows: [],
  episodes: [],
  episodeDescriptions: [],
  playlists: [],
  playlistTracks: [],
  genres: [],
  itemGenres: [],
  images: [],
  audioFiles: [],
  videoSources: [],
  videoProfiles: [],
  sources: [],
  files: [],
});
