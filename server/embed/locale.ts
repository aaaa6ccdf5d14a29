import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The widget's languages (issue 3: en and sv, complete); en is the default and the fallback. */
export const LOCALES = ['en', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const isLocale = (tag: string): tag is Locale => (LOCALES as ReadonlyArray<string>).includes(tag);

/** The primary subtag of a language tag, lower-cased: 'sv-SE' → 'sv'. */
const primary = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The embed page's locale: the `locale` query parameter when it names a supported language,
 * otherwise the first supported language of the Accept-Language header by quality (q=0 means
 * "not this one"), otherwise en.
 */
export function chooseLocale(queryLocale: unknown, acceptLanguage: string | undefined): Locale {
  if (typeof queryLocale === 'string' && isLocale(primary(queryLocale))) return primary(queryLocale) as Locale;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: primary(tag), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((entry) => entry.tag).find(isLocale) ?? DEFAULT_LOCALE;
}

/** Every locale's dictionary from `fixtures/translations/{locale}.json`. */
export function readTranslations(fixturesDir: string): Record<Locale, Record<string, string>> {
  const read = (locale: Locale) => JSON.parse(readFileSync(join(fixturesDir, 'translations', `${locale}.json`), 'utf8')) as Record<string, string>;
  return { en: read('en'), sv: read('sv') };
}
