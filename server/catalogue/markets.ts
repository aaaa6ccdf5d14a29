/**
 * The markets of the public Web API (its ISO 3166-1 alpha-2 list). Catalogue rows without their own
 * `available_markets` (tracks without a track_markets row) are available in all of them.
 */
export const ALL_MARKETS: ReadonlyArray<string> = `AD AE AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CG
CH CI CL CM CO CR CV CW CY CZ DE DJ DK DM DO DZ EC EE EG ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN HR HT
HU ID IE IL IN IQ IS IT JM JO JP KE KG KH KI KM KN KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML MN MO
MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PS PT PW PY QA RO RS RW SA SB SC SE SG SI SK SL SM
SN SR ST SV SZ TD TG TH TJ TL TN TO TR TT TV TW TZ UA UG US UY UZ VC VE VN VU WS XK ZA ZM ZW`.split(/\s+/);

/**
 * spec 000 §5 / spec 001: an episode is sold where the markets of the episode or its show hold the
 * country (JSON columns as stored; a missing show list adds none).
 */
export function episodeSoldIn(episodeMarkets: string, showMarkets: string | null, country: string): boolean {
  const parse = (raw: string | null): unknown => (raw === null ? [] : JSON.parse(raw));
  return [parse(episodeMarkets), parse(showMarkets)].some((list) => Array.isArray(list) && list.includes(country));
}

/** A row's markets: its `available_markets` JSON column when the table has one and it is set, else all. */
export function rowMarkets(row: Record<string, unknown>): string[] {
  const raw = row.available_markets;
  if (typeof raw !== 'string') return [...ALL_MARKETS];
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [...ALL_MARKETS];
}

/**
 * The query parameter of an episode's preview URL naming the market it was handed out for: the media route
 * (server/static/preview-markets.ts) serves the file only where the episode is sold (spec 000 §5), judged by
 * this market, else by the provider's country. The Web API's own `market` parameter is the same kind of claim.
 */
export const PREVIEW_MARKET_PARAM = 'market';

/** An episode's preview URL for the market it was judged sold in. */
export const episodePreviewUrl = (url: string, market: string): string => `${url}?${PREVIEW_MARKET_PARAM}=${encodeURIComponent(market)}`;
