import type { Kysely, Migration } from 'kysely';

/*
 * Issue 18, spec 001 §3 Video manifest and Video profile: a video episode's source (the manifest id of the
 * manifest_ids_video source kind: its key, segment length, length and subtitle languages) and its profiles
 * (one packaged file each, with the seek table its segments are cut from). `IF NOT EXISTS`: the committed
 * demo catalogue (fixtures/demo-catalogue/catalogue.sqlite) carries both tables already, with its video episode.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const migration007: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('video_sources')
      .ifNotExists()
      .addColumn('source_id', 'text', (c) => c.primaryKey())
      .addColumn('episode_id', 'text', (c) => c.notNull())
      .addColumn('segment_length', 'bigint', (c) => c.notNull())
      .addColumn('duration_ms', 'bigint', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      // JSON array of language codes; their files are `${media_dir}/subtitles/{code}.vtt`.
      .addColumn('subtitle_languages', 'text', (c) => c.notNull())
      .addColumn('media_dir', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('video_sources_by_episode').ifNotExists().on('video_sources').column('episode_id').execute();
    await db.schema
      .createTable('video_profiles')
      .ifNotExists()
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('profile_id', 'bigint', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('video_codec', 'text')
      .addColumn('audio_codec', 'text')
      // 1: CENC or WebM-encrypted under the source's key; 0: clear (the preview's).
      .addColumn('encrypted', 'bigint', (c) => c.notNull())
      .addColumn('preview', 'bigint', (c) => c.notNull())
      .addColumn('max_bitrate', 'bigint', (c) => c.notNull())
      .addColumn('video_bitrate', 'bigint', (c) => c.notNull())
      .addColumn('audio_bitrate', 'bigint', (c) => c.notNull())
      .addColumn('video_width', 'bigint', (c) => c.notNull())
      .addColumn('video_height', 'bigint', (c) => c.notNull())
      .addColumn('seek_table', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('video_profiles_pkey', ['source_id', 'profile_id'])
      .execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('video_profiles').ifExists().execute();
    await db.schema.dropTable('video_sources').ifExists().execute();
  },
};
