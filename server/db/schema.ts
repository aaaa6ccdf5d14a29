/**
 * The catalogue tables. Images belong to one owner (artist, album, playlist, show or episode) and
 * are listed widest first; ordered lists keep a position column.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS artists (id TEXT PRIMARY KEY, name TEXT NOT NULL, dominant_color TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS albums (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, release_date TEXT NOT NULL, dominant_color TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS album_artists (
  album_id TEXT NOT NULL REFERENCES albums(id), artist_id TEXT NOT NULL REFERENCES artists(id), position INTEGER NOT NULL,
  PRIMARY KEY (album_id, artist_id));
CREATE TABLE IF NOT EXISTS tracks (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, album_id TEXT NOT NULL REFERENCES albums(id),
  track_number INTEGER NOT NULL, duration_ms INTEGER NOT NULL, preview_file TEXT);
CREATE TABLE IF NOT EXISTS track_artists (
  track_id TEXT NOT NULL REFERENCES tracks(id), artist_id TEXT NOT NULL REFERENCES artists(id), position INTEGER NOT NULL,
  PRIMARY KEY (track_id, artist_id));
CREATE TABLE IF NOT EXISTS artist_top_tracks (
  artist_id TEXT NOT NULL REFERENCES artists(id), track_id TEXT NOT NULL REFERENCES tracks(id), position INTEGER NOT NULL,
  PRIMARY KEY (artist_id, position));
CREATE TABLE IF NOT EXISTS playlists (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, owner_display_name TEXT NOT NULL, dominant_color TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS playlist_tracks (
  playlist_id TEXT NOT NULL REFERENCES playlists(id), track_id TEXT NOT NULL REFERENCES tracks(id), position INTEGER NOT NULL,
  PRIMARY KEY (playlist_id, position));
CREATE TABLE IF NOT EXISTS shows (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, publisher TEXT NOT NULL, dominant_color TEXT NOT NULL,
  available_markets TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS episodes (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, show_id TEXT NOT NULL REFERENCES shows(id), release_date TEXT NOT NULL,
  duration_ms INTEGER NOT NULL, preview_file TEXT, dominant_color TEXT NOT NULL, available_markets TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS images (
  owner_type TEXT NOT NULL, owner_id TEXT NOT NULL, file TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
  PRIMARY KEY (owner_type, owner_id, width));
CREATE TABLE IF NOT EXISTS analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT, category TEXT NOT NULL, action TEXT NOT NULL, label TEXT NOT NULL,
  product TEXT NOT NULL, session_id TEXT NOT NULL, extra TEXT NOT NULL, received_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS action_log_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, product TEXT NOT NULL, type TEXT NOT NULL,
  t REAL, seq INTEGER, payload TEXT NOT NULL, received_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS error_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, product TEXT NOT NULL, release TEXT NOT NULL,
  user_id TEXT, source TEXT NOT NULL, message TEXT NOT NULL, stack TEXT NOT NULL, breadcrumbs TEXT NOT NULL,
  timestamp REAL NOT NULL, received_at TEXT NOT NULL);
-- Demo accounts (server/accounts/): product is 'premium' or 'free'; times are epoch milliseconds.
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY, username TEXT UNIQUE NOT NULL, display_name TEXT NOT NULL, password_hash TEXT NOT NULL,
  product TEXT NOT NULL, country TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS access_tokens (
  token TEXT PRIMARY KEY, account_id TEXT REFERENCES accounts(id), country TEXT NOT NULL, expires_at INTEGER NOT NULL);
-- Expired sessions and tokens are purged by expiry (server/accounts/): the purge reads these indexes.
CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);
CREATE INDEX IF NOT EXISTS access_tokens_expires_at ON access_tokens (expires_at);
CREATE TABLE IF NOT EXISTS product_state_registrations (
  account_id TEXT NOT NULL REFERENCES accounts(id), connection_id TEXT NOT NULL, registered_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, connection_id));
-- The ingest (server/ingest/): what each ingested resource was made from (source_hash: SHA-256 over its
-- metadata and files), so re-ingesting the same folder is skipped; markets of tracks and descriptions of
-- episodes from the ingest's metadata.json (JSON array of ISO country codes).
CREATE TABLE IF NOT EXISTS ingest_sources (
  resource_id TEXT PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, source_hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS track_markets (
  track_id TEXT PRIMARY KEY REFERENCES tracks(id), available_markets TEXT NOT NULL);
-- An artist's biography as written (line breaks and <a href="spotify:...">Name</a> link markup); the
-- widget splits it (spec 000 §5 Bio text). A table of its own, so an older database gains it.
CREATE TABLE IF NOT EXISTS artist_biographies (
  artist_id TEXT PRIMARY KEY REFERENCES artists(id), biography TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS episode_descriptions (
  episode_id TEXT PRIMARY KEY REFERENCES episodes(id), description TEXT NOT NULL);
-- Audio files served by storage resolve and the CDN (server/web-api/media-routes.ts), filled by the ingest.
-- file_id: the id storage resolve, the CDN and the seek table are asked by (letters and digits);
-- path: the file, absolute or relative to DATA_DIR/media (the ingest's), else to fixtures/demo-catalogue/media (the committed demo's); format: e.g. MP4 or MP3 (spec 001 §3 audio track);
-- bitrate in bit/s; key_id and key: hex, of a CENC-packaged file (never sent except in a licence);
-- seek_table: the JSON of spec 001 §3 audio manifest (offset, timescale, segments); one of track_id, episode_id.
CREATE TABLE IF NOT EXISTS audio_files (
  file_id TEXT PRIMARY KEY, path TEXT NOT NULL, format TEXT NOT NULL, bitrate INTEGER, key_id TEXT, key TEXT,
  seek_table TEXT, track_id TEXT, episode_id TEXT);
-- The track-playback service's devices and their player state (server/playback/device-registry.ts), kept
-- over a restart of the server: info, machine and refs as JSON; updated_at epoch ms.
CREATE TABLE IF NOT EXISTS playback_devices (
  account_id TEXT NOT NULL, device_id TEXT NOT NULL, connection_id TEXT NOT NULL, info TEXT NOT NULL, client_version TEXT,
  volume INTEGER NOT NULL, machine TEXT, commanded_ref TEXT, state_ref TEXT, last_seq_num INTEGER NOT NULL,
  updated_at INTEGER NOT NULL, PRIMARY KEY (account_id, device_id));
-- The track-playback service (server/playback/): every state update a device sent (spec 001 §4 reasons),
-- body as JSON; received_at epoch ms.
CREATE TABLE IF NOT EXISTS playback_state_updates (
  id INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, device_id TEXT NOT NULL, seq_num INTEGER NOT NULL,
  reason TEXT NOT NULL, track_uri TEXT, body TEXT NOT NULL, received_at INTEGER NOT NULL);
-- The logging service (server/logging-service/): /v1/logging/{kind} and /v1/metric (kind 'metric') bodies as JSON;
-- account_id NULL for the kinds allowed without a token; received_at epoch ms.
CREATE TABLE IF NOT EXISTS logging_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, account_id TEXT, body TEXT NOT NULL, received_at INTEGER NOT NULL);
-- The listener's library (server/web-api/library-store.ts): saved tracks, albums and shows and followed
-- artists (kind 'track', 'album', 'show', 'artist'), shared by /v1/me/... and the collection service;
-- added_at in epoch milliseconds.
CREATE TABLE IF NOT EXISTS library_items (
  user_id TEXT NOT NULL, kind TEXT NOT NULL, item_id TEXT NOT NULL, added_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind, item_id));
-- Playlists made by listeners: their name and tracks are rows of playlists/playlist_tracks (so the embed
-- page reads them as any playlist); this table adds the owner account, the public flag, the description
-- and a version that every change bumps (the snapshot id is made from it).
CREATE TABLE IF NOT EXISTS user_playlists (
  playlist_id TEXT PRIMARY KEY REFERENCES playlists(id), owner_id TEXT NOT NULL, public INTEGER NOT NULL,
  description TEXT NOT NULL, version INTEGER NOT NULL, created_at INTEGER NOT NULL);
-- Who follows which playlist (the creator follows a new playlist); public as the follow was asked.
-- Secrets the server makes once and keeps (server/licence/licence-signature.ts serverSecret): e.g. the
-- licence URL's HMAC key, shared by every instance over this database and kept over restarts; never logged.
CREATE TABLE IF NOT EXISTS server_secrets (name TEXT PRIMARY KEY, secret BLOB NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS playlist_followers (
  playlist_id TEXT NOT NULL REFERENCES playlists(id), user_id TEXT NOT NULL, public INTEGER NOT NULL,
  followed_at INTEGER NOT NULL, PRIMARY KEY (playlist_id, user_id));
`;

/**
 * Columns added to tables after a data directory may already have made them: each is added when
 * missing, so an older catalogue.sqlite opens with today's schema (CREATE TABLE IF NOT EXISTS
 * leaves an existing table as it was). Indexes that need a column go in the same entry.
 */
export interface ColumnAddition {
  readonly table: string;
  readonly column: string;
  /** The column's definition after its name, as ALTER TABLE ADD COLUMN takes it. */
  readonly definition: string;
  /** Statements to run once the column exists (CREATE INDEX IF NOT EXISTS ...). */
  readonly then?: readonly string[];
}

export const COLUMN_ADDITIONS: readonly ColumnAddition[] = [
  // The login session that issued a token (NULL: anonymous, or issued before sessions were linked):
  // a logout revokes that session's tokens (server/accounts/tokens.ts).
  {
    table: 'access_tokens',
    column: 'session_id',
    definition: 'TEXT',
    then: ['CREATE INDEX IF NOT EXISTS access_tokens_session_id ON access_tokens (session_id)'],
  },
  // Issue 12, exactly-once logging: each log event's id (core/model/event-id.ts; NULL for rows stored
  // before ids, which the unique index lets be many). The index is the key the inserts' ON CONFLICT
  // DO NOTHING leans on (server/log/, server/logging-service/): a retried event is stored once.
  ...(['analytics_events', 'action_log_entries', 'error_reports', 'logging_events'] as const).map((table) => ({
    table,
    column: 'event_id',
    definition: 'TEXT',
    then: [`CREATE UNIQUE INDEX IF NOT EXISTS ${table}_event_id ON ${table} (event_id)`],
  })),
];

type SqlDb = { exec(sql: string): unknown; prepare(sql: string): { all(...args: unknown[]): unknown[] } };

/** Creates the missing tables and adds the missing columns (COLUMN_ADDITIONS). */
export function applySchema(db: SqlDb): void {
  db.exec(SCHEMA_SQL);
  for (const addition of COLUMN_ADDITIONS) {
    const columns = db.prepare(`PRAGMA table_info(${addition.table})`).all() as { name: string }[];
    if (!columns.some((c) => c.name === addition.column)) db.exec(`ALTER TABLE ${addition.table} ADD COLUMN ${addition.column} ${addition.definition}`);
    for (const statement of addition.then ?? []) db.exec(statement);
  }
}
