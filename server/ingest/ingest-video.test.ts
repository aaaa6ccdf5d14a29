import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestFolder, type IngestProgress } from './ingest-folder';
import { parseBoxes, requireBox } from '../media/mp4-boxes';
import { readSeekTable } from '../media/cenc-packager';
import { readWebmSeekTable } from '../media/webm-encrypt';
import { TEST_LADDER, TEST_SHOW_METADATA, TEST_SUBTITLES, TEST_VIDEO_SECONDS, testVideoMedia } from '../testing/video-media';
import { DIALECTS, useDialect } from '../testing/dialects';
import { startPlaybackTestServer } from '../playback/test-client';
import { videoManifestPath, type VideoManifestJson } from '../video/manifest';
import { AUDIO_PROFILE_ID, PREVIEW_AUDIO_PROFILE_ID, PREVIEW_FILE_NAME, PREVIEW_VIDEO_PROFILE_ID, VIDEO_SEGMENT_SECONDS } from './transcode-video';

/*
 * Issue 18: the ingest takes `"video": "ep4.mp4"` for an episode and makes the ladder (three H.264 avc1.4d401f
 * rungs and one VP8, in the tests at tiny sizes), the AAC audio profile and the clear preview, cut in segments of a
 * fixed length and packaged under one key, with the folder's WebVTT subtitles; all or nothing, with progress.
 */

jest.setTimeout(240_000);

const rowsOf = <T>(dataDir: string, sql: string): T[] => {
  const db = new Database(join(dataDir, 'catalogue.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
};
/** Every file under a folder, relative. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(dir, name)).isFile()) : [];

// The media work and the SQLite file it reads are the same on either store: once, in the SQLite run of npm test.
const describeInSqliteRun = DIALECTS.includes('sqlite') ? describe : describe.skip;

describeInSqliteRun('ingest of a video episode (issue 18)', () => {
  let root: string;
  let show: string;
  let dataDir: string;
  const progress: IngestProgress[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'embed-ingest-video-'));
    show = join(root, 'show');
    cpSync(testVideoMedia().showFolder, show, { recursive: true });
    dataDir = join(root, 'data');
    // One ingest for the tests that read its result (the media work is the slow part).
    await ingestFolder(show, { dataDir, videoLadder: TEST_LADDER, onProgress: (p) => progress.push(p) });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  interface SourceRow {
    source_id: string;
    episode_id: string;
    segment_length: number;
    duration_ms: number;
    key_id: string;
    key: string;
    subtitle_languages: string;
    media_dir: string;
  }
  interface ProfileRow {
    profile_id: number;
    path: string;
    mime_type: string;
    video_codec: string | null;
    audio_codec: string | null;
    encrypted: number;
    preview: number;
    video_height: number;
    seek_table: string;
  }

  it('adds the episode with its audio files (made from the video) and one video source: segment length, key, subtitles', () => {
    const [episode] = rowsOf<{ id: string; name: string; duration_ms: number }>(dataDir, 'SELECT * FROM episodes');
    expect(episode?.name).toBe(TEST_SHOW_METADATA.episodes[0]!.title);
    expect(Math.abs(episode!.duration_ms - TEST_VIDEO_SECONDS * 1000)).toBeLessThan(200);
    expect(rowsOf<{ format: string }>(dataDir, 'SELECT format FROM audio_files ORDER BY format').map((r) => r.format)).toEqual(['MP3_96', 'MP4_160', 'MP4_96']);
    const [source, ...others] = rowsOf<SourceRow>(dataDir, 'SELECT * FROM video_sources');
    expect(others).toEqual([]);
    expect(source).toMatchObject({ episode_id: episode!.id, segment_length: VIDEO_SEGMENT_SECONDS, duration_ms: episode!.duration_ms });
    expect(source!.source_id).toMatch(/^[0-9a-f]{32}$/);
    expect(source!.key_id).toMatch(/^[0-9a-f]{32}$/);
    expect(source!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(source!.subtitle_languages)).toEqual(['en', 'sv']);
    for (const language of ['en', 'sv'] as const) {
      expect(readFileSync(join(dataDir, 'media', source!.media_dir, 'subtitles', `${language}.vtt`), 'utf8')).toBe(TEST_SUBTITLES[language]);
    }
  });

  it('writes the anonymous preview as one progressive MP4 (issue 18): H.264 Main 240p and AAC, index before the media (faststart)', () => {
    const [source] = rowsOf<SourceRow>(dataDir, 'SELECT * FROM video_sources');
    const file = join(dataDir, 'media', source!.media_dir, PREVIEW_FILE_NAME);
    const top = parseBoxes(new Uint8Array(readFileSync(file))).map((b) => b.type);
    expect(top.indexOf('moov')).toBeGreaterThan(-1);
    expect(top.indexOf('moov')).toBeLessThan(top.indexOf('mdat'));
    expect(top).not.toContain('moof');
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,profile,height:format=duration', '-of', 'json', file], { encoding: 'utf8' }),
    ) as { streams: Array<{ codec_name: string; profile?: string; height?: number }>; format: { duration: string } };
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(probe.streams.find((s) => s.codec_name === 'h264')).toMatchObject({ profile: 'Main', height: TEST_LADDER[0]!.height });
    expect(Math.abs(Number(probe.format.duration) - Math.min(TEST_VIDEO_SECONDS, 30))).toBeLessThan(0.2);
  });

  it('makes the ladder (three H.264, one VP8), the audio profile, and the clear preview; every file cut in segments of the fixed length', () => {
    const [source] = rowsOf<SourceRow>(dataDir, 'SELECT * FROM video_sources');
    const profiles = rowsOf<ProfileRow>(dataDir, 'SELECT * FROM video_profiles ORDER BY profile_id');
    expect(profiles.map((p) => [p.profile_id, p.mime_type, p.video_codec ?? p.audio_codec, p.encrypted, p.preview])).toEqual([
      [1, 'video/mp4', 'avc1.4d401f', 1, 0],
      [2, 'video/mp4', 'avc1.4d401f', 1, 0],
      [3, 'video/mp4', 'avc1.4d401f', 1, 0],
      [4, 'video/webm', 'vp8', 1, 0],
      [AUDIO_PROFILE_ID, 'audio/mp4', 'mp4a.40.2', 1, 0],
      [PREVIEW_VIDEO_PROFILE_ID, 'video/mp4', 'avc1.4d401f', 0, 1],
      [PREVIEW_AUDIO_PROFILE_ID, 'audio/mp4', 'mp4a.40.2', 0, 1],
    ]);
    expect(profiles.slice(0, 4).map((p) => p.video_height)).toEqual(TEST_LADDER.map((r) => r.height));
    for (const profile of profiles) {
      expect(profile.path.startsWith(`${source!.media_dir}/`)).toBe(true);
      const bytes = new Uint8Array(readFileSync(join(dataDir, 'media', profile.path)));
      const stored = JSON.parse(profile.seek_table) as { offset: number; segments: Array<[number, number]>; timescale: number };
      // The stored table is the file's own, and covers it exactly.
      const read = profile.mime_type === 'video/webm' ? readWebmSeekTable(bytes) : readSeekTable(bytes);
      expect(stored).toEqual(read);
      expect(stored.offset + stored.segments.reduce((sum, [size]) => sum + size, 0)).toBe(bytes.length);
      // 10 s in 4 s segments: 4, 4 and the rest (AAC frames do not end exactly on 4 s: within one frame).
      expect(stored.segments).toHaveLength(3);
      for (const [, duration] of stored.segments.slice(0, 2)) expect(Math.abs(duration / stored.timescale - VIDEO_SEGMENT_SECONDS)).toBeLessThan(0.05);
      if (profile.mime_type === 'video/mp4') {
        const entry = requireBox(parseBoxes(bytes.subarray(0, stored.offset)), 'moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd').children![0]!.type;
        expect(entry).toBe(profile.encrypted ? (profile.audio_codec ? 'enca' : 'encv') : profile.audio_codec ? 'mp4a' : 'avc1');
      }
    }
  });

  it('reports progress in steps up to the total, the last one when the catalogue is written', () => {
    expect(progress.length).toBeGreaterThan(TEST_LADDER.length + 3);
    expect(progress.map((p) => p.done)).toEqual(progress.map((_, i) => i + 1));
    expect(progress.every((p) => p.total === progress[0]!.total)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ done: progress[0]!.total, label: 'catalogue written' });
    expect(progress.some((p) => /vp8/.test(p.label))).toBe(true);
  });

  it('all or nothing: a subtitle file that is not WebVTT fails the ingest, naming it, and leaves catalogue and media as they were', async () => {
    const broken = join(root, 'broken');
    cpSync(show, broken, { recursive: true });
    writeFileSync(join(broken, 'metadata.json'), JSON.stringify({ ...TEST_SHOW_METADATA, name: 'Another Video Show' }));
    writeFileSync(join(broken, 'ep4.sv.vtt'), 'not subtitles\n');
    const before = { media: filesUnder(join(dataDir, 'media')).sort(), rows: rowsOf(dataDir, 'SELECT * FROM video_profiles').length };
    await expect(ingestFolder(broken, { dataDir, videoLadder: TEST_LADDER })).rejects.toThrow(/ep4\.sv\.vtt: not a WebVTT file/);
    expect(filesUnder(join(dataDir, 'media')).sort()).toEqual(before.media);
    expect(rowsOf(dataDir, 'SELECT * FROM video_profiles')).toHaveLength(before.rows);
    expect(rowsOf(dataDir, "SELECT * FROM shows WHERE name = 'Another Video Show'")).toEqual([]);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.ingest-'))).toEqual([]);
  });

  it('refuses an episode with neither a file nor a video', async () => {
    const empty = join(root, 'empty');
    cpSync(show, empty, { recursive: true });
    const { video: _video, ...rest } = TEST_SHOW_METADATA.episodes[0]!;
    writeFileSync(join(empty, 'metadata.json'), JSON.stringify({ ...TEST_SHOW_METADATA, episodes: [rest] }));
    await expect(ingestFolder(empty, { dataDir })).rejects.toThrow(/episodes\.0: expected a file \(audio\) or a video/);
  });
});

describe.each(DIALECTS)('a video episode ingested into the configured database (%s) is what the server serves', (dialect) => {
  const database = useDialect(dialect);
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'embed-ingest-video-db-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes video_sources and video_profiles in the ingest transaction; the manifest and a segment come from DATA_DIR/media', async () => {
    const databaseUrl = await database.databaseUrl();
    const dataDir = join(root, 'data');
    await ingestFolder(testVideoMedia().showFolder, { dataDir, videoLadder: TEST_LADDER, ...(databaseUrl === undefined ? {} : { databaseUrl }) });
    const t = await startPlaybackTestServer({ databaseUrl }, dataDir);
    try {
      const [source] = await t.db.selectFrom('video_sources').selectAll().execute();
      expect(source).toBeDefined();
      const answer = await t.request('GET', videoManifestPath(source!.source_id), { token: await t.token('demo') });
      expect(answer.status).toBe(200);
      const manifest = answer.json() as VideoManifestJson;
      expect(manifest.contents[0]!.profiles.map((p) => p.id)).toEqual([1, 2, 3, 4, AUDIO_PROFILE_ID]);
      const segment = await fetch(`${manifest.base_urls[0]}4/0`);
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/webm');
    } finally {
      await t.stop({ keepData: true });
    }
  });
});
