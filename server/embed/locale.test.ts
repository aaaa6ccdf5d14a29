import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbedData } from '../../core/model/embed-data';
import { isRight } from 'fp-ts/Either';
import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue, FIXTURES_DIR } from '../testing/demo-catalogue';
import { settingsForLocale, type EmbedSettings } from './embed-data';
import { chooseLocale, LOCALES, readTranslations } from './locale';

const readDictionary = (locale: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'translations', `${locale}.json`), 'utf8')) as Record<string, string>;
const placeholders = (text: string) => (text.match(/\{[a-zA-Z_]+\}/g) ?? []).sort();

describe('fixtures/translations: every locale is complete for every key of en.json (issue 3 Translations)', () => {
  const en = readDictionary('en');
  it.each(LOCALES.filter((l) => l !== 'en'))('%s.json has every key of en.json, non-empty, with the same placeholders', (locale) => {
    const dictionary = readDictionary(locale);
    expect(Object.keys(en).filter((key) => !(key in dictionary))).toEqual([]);
    for (const [key, text] of Object.entries(en)) {
      expect([key, typeof dictionary[key] === 'string' && dictionary[key].trim() !== '']).toEqual([key, true]);
      expect([key, placeholders(dictionary[key] ?? '')]).toEqual([key, placeholders(text)]);
    }
    // No stray keys the widget never asks for.
    expect(Object.keys(dictionary).filter((key) => !(key in en))).toEqual([]);
  });
});

describe('chooseLocale (the page locale chooses; en or sv, anything else en)', () => {
  it.each([
    ['sv', undefined, 'sv'],
    ['en', 'sv-SE', 'en'],
    ['SV-se', undefined, 'sv'],
    ['fr', 'sv', 'sv'],
    [undefined, 'sv-SE,sv;q=0.9,en;q=0.8', 'sv'],
    [undefined, 'en-GB,sv;q=0.9', 'en'],
    [undefined, 'fr-FR,sv;q=0.5,en;q=0.4', 'sv'],
    [undefined, 'en;q=0.2,sv;q=0.8', 'sv'],
    [undefined, 'sv;q=0,en;q=0.1', 'en'],
    [undefined, 'de,fr', 'en'],
    [undefined, '*', 'en'],
    [undefined, undefined, 'en'],
    [['sv', 'en'], undefined, 'en'],
  ])('query %p, Accept-Language %p → %p', (query, header, locale) => {
    expect(chooseLocale(query, header)).toBe(locale);
  });
});

describe('settingsForLocale (a missing key falls back to en)', () => {
  const base: EmbedSettings = {
    publicUrl: '',
    country: 'SE',
    version: 'v',
    locale: 'en',
    translations: { play: 'Play', pause: 'Pause' },
    locales: { en: { play: 'Play', pause: 'Pause' }, sv: { play: 'Spela' } },
  };
  it("merges the chosen locale over en: a key sv lacks keeps en's text", () => {
    expect(settingsForLocale(base, 'sv')).toMatchObject({ locale: 'sv', translations: { play: 'Spela', pause: 'Pause' } });
  });
  it('a locale without a dictionary keeps en', () => {
    expect(settingsForLocale(base, 'fr')).toMatchObject({ locale: 'en', translations: { play: 'Play', pause: 'Pause' } });
  });
});

describe('GET /embed/{type}/{id}: the locale of the page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());
  const album = demoCatalogue().albums[0]!.id;
  const page = async (query: string, acceptLanguage?: string) => {
    const response = await fetch(server.url(`/embed/album/${album}${query}`), {
      headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    });
    const html = await response.text();
    const match = /<script id="resource" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    const data = EmbedData.decode(JSON.parse(match?.[1] ?? 'null'));
    if (!isRight(data)) throw new Error('no embed data');
    return { html, data: data.right, vary: response.headers.get('vary') };
  };
  const translations = readTranslations(FIXTURES_DIR);

  it('?locale=sv gives the Swedish dictionary over en, and lang="sv"', async () => {
    const { html, data } = await page('?locale=sv');
    expect(data.locale).toBe('sv');
    expect(data.translations).toEqual({ ...translations.en, ...translations.sv });
    expect(html).toContain('<html lang="sv">');
  });

  it('Accept-Language sv-SE gives sv; the page varies by Accept-Language', async () => {
    const { data, vary } = await page('', 'sv-SE,sv;q=0.9,en;q=0.5');
    expect(data.locale).toBe('sv');
    expect(data.translations.play).toBe(translations.sv.play);
    expect(vary).toContain('accept-language');
  });

  it('the query parameter wins over the header', async () => {
    expect((await page('?locale=en', 'sv')).data.locale).toBe('en');
  });

  it('any other language gives en', async () => {
    const { data } = await page('?locale=fr', 'de-DE,fr;q=0.8');
    expect(data.locale).toBe('en');
    expect(data.translations).toEqual(translations.en);
  });
});
