import type { Generated } from 'kysely';

/*
 * Issue 14: the tables as Kysely sees them, on SQLite and on Postgres alike (server/db/database.ts).
 * One interface per table of migrations/001_initial.ts (and of server/db/schema.ts, the SQLite
 * schema the stores not yet converted read through better-sqlite3). A column added by a later
 * migration is added here too. Times named *_at are epoch milliseconds unless the comment says ISO
 * text; JSON is stored as text. Integer flags (public) are 0 or 1.
 */

export interface ArtistsTable {
  id: string;
  name: string;
  dominant_color: string;
}
export interface AlbumsTable {
  id: string;
  name: string;
  release_date: string;
  dominant_color: string;
}
export interface AlbumArtistsTable {
  album_id: string;
  artist_id: string;
  position: number;
}
export interface TracksTable {
  id: string;
  name: string;
  album_id: string;
  track_number: number;
  duration_ms: number;
  preview_file: string | null;
}
export interface TrackArtistsTable {
  track_id: string;
  artist_id: string;
  position: number;
}
export interface ArtistTopTracksTable {
  artist_id: string;
  track_id: string;
  position: number;
}
export interface PlaylistsTable {
  id: string;
  name: string;
  owner_display_name: string;
  dominant_color: string;
}
export interface PlaylistTracksTable {
  playlist_id: string;
  track_id: string;
  position: number;
}
export interface ShowsTable {
  id: string;
  name: string;
  publisher: string;
  dominant_color: string;
  available_markets: string;
}
export interface EpisodesTable {
  id: string;
  name: string;
  show_id: string;
  release_date: string;
  duration_ms: number;
  preview_file: string | null;
  dominant_color: string;
  available_markets: string;
}
export interface ImagesTable {
  owner_type: string;
  owner_id: string;
  file: string;
  width: number;
  height: number;
}

/** /log/analytics; received_at ISO text. */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  category: string;
  action: string;
  label: string;
  product: string;
  session_id: string;
  extra: string;
  received_at: string;
  event_id: string | null;
}
/** /log/actions; received_at ISO text. */
export interface ActionLogEntriesTable {
  id: Generated<number>;
  session_id: string;
  product: string;
  type: string;
  t: number | null;
  seq: number | null;
  payload: string;
  received_at: string;
  event_id: string | null;
}
/** /log/errors; received_at ISO text. */
export interface ErrorReportsTable {
  id: Generated<number>;
  session_id: string;
  product: string;
  release: string;
  user_id: string | null;
  source: string;
  message: string;
  stack: string;
  breadcrumbs: string;
  timestamp: number;
  received_at: string;
  event_id: string | null;
}
/** Issue 19: a captured session (server/capture/); body is the upload's JSON, deflated and base64-encoded. */
export interface CapturesTable {
  id: string;
  key_hash: string;
  owner: string | null;
  description: string | null;
  body: string;
  raw_bytes: number;
  created_at: number;
}
/** /v1/logging/{kind} and /v1/metric (kind 'metric'); received_at epoch ms. */
export interface LoggingEventsTable {
  id: Generated<number>;
  kind: string;
  account_id: string | null;
  body: string;
  received_at: number;
  event_id: string | null;
}

export interface AccountsTable {
  id: string;
  username: string;
  display_name: string;
  password_hash: string;
  product: string;
  country: string;
}
export interface SessionsTable {
  id: string;
  account_id: string;
  created_at: number;
  expires_at: number;
}
export interface AccessTokensTable {
  token: string;
  account_id: string | null;
  country: string;
  expires_at: number;
  session_id: string | null;
}
export interface ProductStateRegistrationsTable {
  account_id: string;
  connection_id: string;
  registered_at: number;
}
export interface IngestSourcesTable {
  resource_id: string;
  kind: string;
  name: string;
  source_hash: string;
}
export interface TrackMarketsTable {
  track_id: string;
  available_markets: string;
}
export interface ArtistBiographiesTable {
  artist_id: string;
  biography: string;
}
export interface EpisodeDescriptionsTable {
  episode_id: string;
  description: string;
}
export interface AudioFilesTable {
  file_id: string;
  path: string;
  format: string;
  bitrate: number | null;
  key_id: string | null;
  key: string | null;
  seek_table: string | null;
  track_id: string | null;
  episode_id: string | null;
}
/** Issue 18 (migration 007): a video episode's source, the manifest id of spec 001 §3 manifest_ids_video. */
export interface VideoSourcesTable {
  source_id: string;
  episode_id: string;
  segment_length: number;
  duration_ms: number;
  key_id: string;
  key: string;
  subtitle_languages: string;
  media_dir: string;
}
/** Issue 18 (migration 007): one profile of a video source (spec 001 §3 Video profile) and its packaged file. */
export interface VideoProfilesTable {
  source_id: string;
  profile_id: number;
  path: string;
  mime_type: string;
  video_codec: string | null;
  audio_codec: string | null;
  encrypted: number;
  preview: number;
  max_bitrate: number;
  video_bitrate: number;
  audio_bitrate: number;
  video_width: number;
  video_height: number;
  seek_table: string;
}
export interface PlaybackDevicesTable {
  account_id: string;
  device_id: string;
  connection_id: string;
  info: string;
  client_version: string | null;
  volume: number;
  machine: string | null;
  commanded_ref: string | null;
  state_ref: string | null;
  last_seq_num: number;
  updated_at: number;
}
export interface PlaybackStateUpdatesTable {
  id: Generated<number>;
  account_id: string;
  device_id: string;
  seq_num: number;
  reason: string;
  track_uri: string | null;
  body: string;
  received_at: number;
}
/** seq (migration 003): one more than the user's last, the tie-break of one millisecond's saves. */
export interface LibraryItemsTable {
  user_id: string;
  kind: string;
  item_id: string;
  added_at: number;
  seq: Generated<number>;
}
export interface UserPlaylistsTable {
  playlist_id: string;
  owner_id: string;
  public: number;
  description: string;
  version: number;
  created_at: number;
}
export interface ServerSecretsTable {
  name: string;
  secret: Buffer;
  created_at: number;
}
/** seq (migration 003): as library_items'. */
export interface PlaylistFollowersTable {
  playlist_id: string;
  user_id: string;
  public: number;
  followed_at: number;
  seq: Generated<number>;
}

/** Issue 16 (migration 004): per user, the connect-state cluster's last timestamp, active device and player options (JSON). */
export interface ConnectStateUsersTable {
  account_id: string;
  cluster_timestamp: number;
  active_device_id: string | null;
  options: string;
}
/** Issue 16: the hidden observers (spec 001 §7 PUT devices/{observerId}) and their dealer connection. */
export interface ConnectStateObserversTable {
  account_id: string;
  observer_id: string;
  connection_id: string;
  registered_at: number;
}
/** Issue 16: a command's ack id until a cluster confirms it; expect is JSON (the state ref or volume the device must report). */
export interface ConnectStateAcksTable {
  ack_id: string;
  account_id: string;
  device_id: string;
  seq_num: number;
  expect: string;
  created_at: number;
}

/** Kysely's database type: every table by name. */
// Issue 17, migration 005: the other services (server/other-services/).
export interface RecentlyPlayedTable {
  account_id: string;
  context_uri: string;
  last_played_at: number;
}
export interface RadioFeedbackTable {
  account_id: string;
  station_uri: string;
  kind: string;
  item_id: string;
  created_at: number;
}
export interface TermsAcceptancesTable {
  account_id: string;
  license: string;
  accepted_at: number;
}
export interface SocialSessionsTable {
  token: string;
  session_id: string;
  owner_id: string;
  created_at: number;
}
export interface SocialSessionMembersTable {
  token: string;
  account_id: string;
  joined_at: number;
}
export interface RootlistRevisionsTable {
  account_id: string;
  revision: number;
  items: string;
  created_at: number;
}
export interface SponsoredPlacementsTable {
  playlist_id: string;
  sponsor: string;
  message: string;
  click_url: string;
  starts_at: number;
  ends_at: number;
}

/** Issue 17 (migration 006): a genre the ingest metadata names; its id derives from the name. */
export interface GenresTable {
  id: string;
  name: string;
}
/** Which artists, albums, shows and playlists are in a genre (item_type one of those four). */
export interface ItemGenresTable {
  item_type: string;
  item_id: string;
  genre_id: string;
  position: number;
}

export interface Database {
  artists: ArtistsTable;
  albums: AlbumsTable;
  album_artists: AlbumArtistsTable;
  tracks: TracksTable;
  track_artists: TrackArtistsTable;
  artist_top_tracks: ArtistTopTracksTable;
  playlists: PlaylistsTable;
  playlist_tracks: PlaylistTracksTable;
  shows: ShowsTable;
  episodes: EpisodesTable;
  images: ImagesTable;
  analytics_events: AnalyticsEventsTable;
  action_log_entries: ActionLogEntriesTable;
  error_reports: ErrorReportsTable;
  logging_events: LoggingEventsTable;
  captures: CapturesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  access_tokens: AccessTokensTable;
  product_state_registrations: ProductStateRegistrationsTable;
  ingest_sources: IngestSourcesTable;
  track_markets: TrackMarketsTable;
  artist_biographies: ArtistBiographiesTable;
  episode_descriptions: EpisodeDescriptionsTable;
  audio_files: AudioFilesTable;
  video_sources: VideoSourcesTable;
  video_profiles: VideoProfilesTable;
  playback_devices: PlaybackDevicesTable;
  playback_state_updates: PlaybackStateUpdatesTable;
  connect_state_users: ConnectStateUsersTable;
  connect_state_observers: ConnectStateObserversTable;
  connect_state_acks: ConnectStateAcksTable;
  library_items: LibraryItemsTable;
  user_playlists: UserPlaylistsTable;
  server_secrets: ServerSecretsTable;
  playlist_followers: PlaylistFollowersTable;
  recently_played: RecentlyPlayedTable;
  radio_feedback: RadioFeedbackTable;
  terms_acceptances: TermsAcceptancesTable;
  social_sessions: SocialSessionsTable;
  social_session_members: SocialSessionMembersTable;
  rootlist_revisions: RootlistRevisionsTable;
  sponsored_placements: SponsoredPlacementsTable;
  genres: GenresTable;
  item_genres: ItemGenresTable;
}
