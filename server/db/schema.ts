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
`;
