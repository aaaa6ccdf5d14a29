import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoCatalogue } from '../testing/demo-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { parseBoxes, requireBox } from '../media/mp4-boxes';
import { COMMON_SYSTEM_ID } from '../media/cenc-packager';
import { CLEARKEY_KEY_SYSTEM, CONTENT_ID_PLACEHOLDER, LICENCE_URL_PATH } from '../licence/licence-url';
import { PREVIEW_MS, videoManifestPath, type VideoManifestJson } from './manifest';

/*
 * Issue 18, spec 001 §3 Video manifest / Video profile, §7 Media ("GET video manifest by source id (authorised,
 * supports_drm)", "GET video and audio segments from templated URLs"): who may call each route, on both dialects,
 * against the demo catalogue's video episode.
 */

const FIXTURE_MEDIA = join(__dirname, '..', '..', 'fixtures', 'demo-catalogue', 'media');
const videoEpisode = demoCatalogue().episodes.find((e) => e.name.startsWith('Ep. 1: A Harbour'))!;
const PROFILE_FIELDS = [
  'mime_type',
  'video_codec',
  'audio_codec',
  'encryption_index',
  'max_bitrate',
  'video_bitrate',
  'audio_bitrate',
  'video_width',
  'video_height',
  'video_resolution',
] as const;

describe.each(DIALECTS)('the video manifest and its CDN (issue 18) on %s', (dialect) => {
  const database = useDialect(dialect);
  let t: PlaybackTestServer;
  let sourceId: string;
  const tokens = { premium: '', free: '', anonymous: '', france: '' };
  let profiles: Array<{ profile_id: number; path: string; seek_table: string; mime_type: string }>;
  let key: { id: string; key: string };

  beforeAll(async () => {
    t = await startPlaybackTestServer({ databaseUrl: await database.databaseUrl() });
    const source = await t.db.selectFrom('video_sources').selectAll().where('episode_id', '=', videoEpisode.id).executeTakeFirstOrThrow();
    sourceId = source.source_id;
    key = { id: source.key_id, key: source.key };
    profiles = await t.db.selectFrom('video_profiles').select(['profile_id', 'path', 'seek_table', 'mime_type']).where('source_id', '=', sourceId).execute();
    tokens.premium = await t.token('demo');
    tokens.free = await t.token('free');
    tokens.anonymous = await t.token(null);
    // A premium listener in a market where the episode is not sold (spec 000 §5).
    tokens.france = await t.newUser('premium');
    await t.rows('UPDATE accounts SET country = ? WHERE id = (SELECT account_id FROM access_tokens WHERE token = ?)', 'FR', tokens.france);
  }, 60_000);
  afterAll(() => t.stop(), 30_000);

  const manifest = (token?: string, id = sourceId) => t.request('GET', videoManifestPath(id), token === undefined ? {} : { token });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(t.server.url(path), { headers });
  const fileOf = (profileId: number) => {
    const row = profiles.find((p) => Number(p.profile_id) === profileId)!;
    return {
      bytes: readFileSync(join(FIXTURE_MEDIA, row.path)),
      table: JSON.parse(row.seek_table) as { offset: number; segments: Array<[number, number]> },
      mime: row.mime_type,
    };
  };

  describe('GET the manifest by source id (authorised, supports_drm)', () => {
    it('without a token is 401 No token provided; with an unknown token 401 Invalid access token (the Web API error shape)', async () => {
      const none = await manifest();
      expect(none.status).toBe(401);
      expect(none.json()).toEqual({ error: { status: 401, message: 'No token provided' } });
      expect((await manifest('not-a-token')).status).toBe(401);
    });

    it('an unknown source id is 404', async () => {
      expect((await manifest(tokens.premium, '0'.repeat(32))).status).toBe(404);
      expect((await manifest(tokens.premium, 'not-hex')).status).toBe(404);
    });

    it('a premium listener gets every field of spec 001 §3: base_urls, templates, contents[0] with segment_length, the ladder and encryption_infos, times, subtitles', async () => {
      const answer = await manifest(tokens.premium);
      expect(answer.status).toBe(200);
      const body = answer.json() as VideoManifestJson;
      expect(body.base_urls).toEqual([t.server.url(`/cdn/video/${sourceId}/`)]);
      expect(body.initialization_template).toBe('{{profile_id}}/init');
      expect(body.segment_template).toBe('{{profile_id}}/{{segment_timestamp}}');
      expect(body.start_time_millis).toBe(0);
      expect(body.end_time_millis).toBe(videoEpisode.durationMs);
      expect(body.subtitle_language_codes).toEqual(['en', 'sv']);
      expect(body.subtitle_template).toBe('subtitles/{{language_code}}.vtt');
      const content = body.contents[0]!;
      expect(content.segment_length).toBe(4);
      for (const profile of content.profiles) for (const field of PROFILE_FIELDS) expect(profile).toHaveProperty(field);
      const video = content.profiles.filter((p) => p.video_codec !== null);
      // At least three H.264 rungs and one VP8 (spec 001 §9 codecs), all encrypted under encryption_infos[0].
      expect(video.filter((p) => p.video_codec === 'avc1.4d401f' && p.mime_type === 'video/mp4').map((p) => p.video_height)).toEqual([240, 480, 720]);
      expect(video.filter((p) => p.video_codec === 'vp8').map((p) => p.mime_type)).toEqual(['video/webm']);
      expect(content.profiles.filter((p) => p.video_codec === null)).toEqual([
        expect.objectContaining({ mime_type: 'audio/mp4', audio_codec: 'mp4a.40.2', audio_bitrate: 128000, video_bitrate: 0 }),
      ]);
      expect(content.profiles.every((p) => p.encryption_index === 0 && p.max_bitrate > 0)).toBe(true);
      expect(video.every((p) => p.video_width > p.video_height && p.video_resolution === p.video_height && p.video_bitrate > 0)).toBe(true);
      // encryption_infos: the key system and a version 1 common-system pssh naming the key id.
      expect(content.encryption_infos).toHaveLength(1);
      const info = content.encryption_infos[0]!;
      expect(info.key_system).toBe(CLEARKEY_KEY_SYSTEM);
      const pssh = requireBox(parseBoxes(Buffer.from(info.pssh, 'base64')), 'pssh').payload;
      expect(Buffer.from(pssh.subarray(4, 20)).equals(Buffer.from(COMMON_SYSTEM_ID))).toBe(true);
      expect(Buffer.from(pssh.subarray(24, 40)).toString('hex')).toBe(key.id);
      expect(info.key_id).toBe(key.id);
      expect(answer.text).not.toContain(key.key);
    });

    it.each(['free', 'anonymous'] as const)(
      'the %s visitor gets the clear preview only: the lowest H.264 rung and the audio, no encryption, at most 30 s',
      async (who) => {
        const answer = await manifest(tokens[who]);
        expect(answer.status).toBe(200);
        const body = answer.json() as VideoManifestJson;
        const content = body.contents[0]!;
        expect(content.encryption_infos).toEqual([]);
        expect(content.profiles.map((p) => [p.mime_type, p.video_codec ?? p.audio_codec, p.encryption_index])).toEqual([
          ['video/mp4', 'avc1.4d401f', null],
          ['audio/mp4', 'mp4a.40.2', null],
        ]);
        expect(content.profiles[0]!.video_height).toBe(240);
        expect(body.end_time_millis).toBe(Math.min(videoEpisode.durationMs, PREVIEW_MS));
      },
    );

    it('a listener in a market where the episode is not sold gets 403 Restriction violated (spec 000 §5)', async () => {
      const answer = await manifest(tokens.france);
      expect(answer.status).toBe(403);
      expect(answer.json().error.message).toMatch(/Restriction violated/);
    });
  });

  describe('GET init segments, segments and subtitles from the templated URLs (the CDN: no token, as /cdn/audio)', () => {
    it.each([1, 4, 10, 101])(
      'profile %s: init is the bytes before the first segment, each {{segment_timestamp}} its segment, with its type and caching headers',
      async (profileId) => {
        const { bytes, table, mime } = fileOf(profileId);
        const init = await get(`/cdn/video/${sourceId}/${profileId}/init`);
        expect(init.status).toBe(200);
        expect(init.headers.get('content-type')).toBe(mime);
        expect(init.headers.get('cache-control')).toBe('public, max-age=86400');
        expect(init.headers.get('accept-ranges')).toBe('bytes');
        expect(Buffer.from(await init.arrayBuffer()).equals(bytes.subarray(0, table.offset))).toBe(true);
        let at = table.offset;
        for (const [i, [size]] of table.segments.entries()) {
          const segment = await get(`/cdn/video/${sourceId}/${profileId}/${i * 4}`);
          expect(segment.status).toBe(200);
          expect(Number(segment.headers.get('content-length'))).toBe(size);
          expect(Buffer.from(await segment.arrayBuffer()).equals(bytes.subarray(at, at + size))).toBe(true);
          at += size;
        }
        expect(at).toBe(bytes.length);
      },
    );

    it('answers a byte range within a segment (206 with Content-Range), and 416 past its end', async () => {
      const { bytes, table } = fileOf(2);
      const start = table.offset + table.segments[0]![0];
      const partial = await get(`/cdn/video/${sourceId}/2/4`, { range: 'bytes=10-109' });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe(`bytes 10-109/${table.segments[1]![0]}`);
      expect(Buffer.from(await partial.arrayBuffer()).equals(bytes.subarray(start + 10, start + 110))).toBe(true);
      const past = await get(`/cdn/video/${sourceId}/2/4`, { range: `bytes=${table.segments[1]![0]}-` });
      expect(past.status).toBe(416);
    });

    it('the protected profiles are served encrypted (encv in the init segment), the preview clear (avc1)', async () => {
      const stsdOf = async (profileId: number) =>
        requireBox(
          parseBoxes(new Uint8Array(await (await get(`/cdn/video/${sourceId}/${profileId}/init`)).arrayBuffer())),
          'moov',
          'trak',
          'mdia',
          'minf',
          'stbl',
          'stsd',
        ).children!.map((b) => b.type);
      expect(await stsdOf(1)).toEqual(['encv']);
      expect(await stsdOf(101)).toEqual(['avc1']);
    });

    it('tags each segment with an ETag and answers a matching If-None-Match with 304, no body', async () => {
      const first = await get(`/cdn/video/${sourceId}/1/0`);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(new RegExp(`^"${sourceId}-${key.id.slice(0, 8)}-1-0"$`));
      const again = await get(`/cdn/video/${sourceId}/1/0`, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      expect((await get(`/cdn/video/${sourceId}/1/4`, { 'if-none-match': etag })).status).toBe(200);
    });

    it('a timestamp that is not a segment start, past the last segment, or of an unknown profile is 404', async () => {
      const { table } = fileOf(1);
      expect((await get(`/cdn/video/${sourceId}/1/3`)).status).toBe(404);
      expect((await get(`/cdn/video/${sourceId}/1/${table.segments.length * 4}`)).status).toBe(404);
      expect((await get(`/cdn/video/${sourceId}/99/0`)).status).toBe(404);
      expect((await get(`/cdn/video/${'0'.repeat(32)}/1/init`)).status).toBe(404);
    });

    it('serves each language of subtitle_language_codes as WebVTT by the subtitle template; another language is 404', async () => {
      for (const language of ['en', 'sv']) {
        const answer = await get(`/cdn/video/${sourceId}/subtitles/${language}.vtt`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
        expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
        expect(await answer.text()).toMatch(/^WEBVTT\n/);
      }
      expect(await (await get(`/cdn/video/${sourceId}/subtitles/sv.vtt`)).text()).toContain('Välkommen');
      expect((await get(`/cdn/video/${sourceId}/subtitles/de.vtt`)).status).toBe(404);
    });
  });

  describe('the licence server keys the video by its source id (spec 001 §7 Media: content id substituted)', () => {
    const ask = async (token: string) => {
      const urlAnswer = await t.request('GET', `${LICENCE_URL_PATH}?keysystem=org.w3.clearkey&mediatype=video&sdk_name=t&sdk_version=3.22.1`, { token });
      if (urlAnswer.status !== 200) return urlAnswer;
      const url = new URL((urlAnswer.json() as { uri: string }).uri.replace(CONTENT_ID_PLACEHOLDER, sourceId));
      const kid = Buffer.from(key.id, 'hex').toString('base64url');
      return t.request('POST', `${url.pathname}${url.search}`, {
        token,
        raw: JSON.stringify({ kids: [kid], type: 'temporary' }),
        contentType: 'application/octet-stream',
      });
    };

    it('a premium listener gets the key; a free one 403 (premium required), an anonymous one 403, one where the episode is not sold 403', async () => {
      const premium = await ask(tokens.premium);
      expect(premium.status).toBe(200);
      expect(premium.json().keys).toEqual([
        { kty: 'oct', k: Buffer.from(key.key, 'hex').toString('base64url'), kid: Buffer.from(key.id, 'hex').toString('base64url') },
      ]);
      expect((await ask(tokens.free)).status).toBe(403);
      expect((await ask(tokens.anonymous)).status).toBe(403);
      const france = await ask(tokens.france);
      expect(france.status).toBe(403);
      expect(france.json().error.message).toMatch(/Restriction violated/);
    });
  });
});
