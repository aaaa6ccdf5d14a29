import { isLeft } from 'fp-ts/Either';
import { EmbedData, type EmbedVariant, type EmbedSession } from '../../core/model/embed-data';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { hasBigCoverArtImage } from '../../core/widget/big-cover-art';

/** spec 000 §9 Release stamp; the version the error reporter and action log header carry. */
export const RELEASE_STAMP = '2019-09-14';

export interface EmbedSettings {
  readonly publicUrl: string;
  readonly country: string;
  readonly translations: Readonly<Record<string, string>>;
  readonly locale: string;
  readonly version: string;
  /** Per-locale dictionaries (server/embed/locale.ts); `translations` is the en base they fall back to. */
  readonly locales?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * The settings of one page in `locale`: that locale's translations merged over the en base, so a
 * key the locale lacks falls back to en. An unknown locale keeps the settings as they are (en).
 */
export function settingsForLocale(settings: EmbedSettings, locale: string): EmbedSettings {
  const chosen = settings.locales?.[locale];
  if (chosen === undefined) return settings;
  return { ...settings, locale, translations: { ...settings.translations, ...chosen } };
}

/**
 * The JSON block of spec 000 §3: the resource with its uri, translations, locale and the page
 * config. Checked with the widget's own codec, so a catalogue bug is caught here, naming the field.
 */
export function buildEmbedData(
  resource: unknown,
  settings: EmbedSettings,
  page: { readonly variant?: EmbedVariant; readonly session?: EmbedSession } = {},
): EmbedData {
  const host = settings.publicUrl;
  const candidate = {
    resource,
    translations: settings.translations,
    locale: settings.locale,
    config: {
      // spec 000 §5 "the user's country code": a logged-in visitor's is their account's market (spec 000 §7
      // 'from_token'), an anonymous visitor's the provider's country; the widget judges episode markets by it.
      countryCode: page.session?.market ?? settings.country,
      features: {},
      hosts: { api: host, open: host, accounts: host, static: host },
      version: settings.version,
      // spec 000 §2 the mini-player variant: in the data, so the server's frame and hydration agree.
      ...(page.variant === undefined ? {} : { variant: page.variant }),
    },
    // spec 000 §3 Session: only for a logged-in visitor.
    ...(page.session === undefined ? {} : { session: page.session }),
  };
  const decoded = EmbedData.decode(candidate);
  if (isLeft(decoded)) throw new Error(`The embed data does not match the widget's codec: ${formatDecodeErrors(decoded.left)}`);
  return withBigCoverArtFlag(decoded.right);
}

/**
 * spec 000 §3: every resource carries a big-cover-art flag, which decides big cover art with the
 * layout rule (core/widget/layout.ts). The catalogue keeps none: a resource has big cover art when
 * its cover is big enough to show big (core/widget/big-cover-art.ts). A flag the resource object
 * carries already is kept.
 */
function withBigCoverArtFlag(data: EmbedData): EmbedData {
  if (data.resource.has_big_cover_art !== undefined) return data;
  return { ...data, resource: { ...data.resource, has_big_cover_art: hasBigCoverArtImage(data.resource) } };
}
