/**
 * spec 001 §8 Resolve/transport: "Retry-After (seconds or date) delays retry". Parses the header's
 * value (RFC 9110 §10.2.3: delay-seconds or an HTTP date) into a wait in ms from `nowMs`
 * (deps.clock.now()). A date in the past waits 0; a value that is neither gives null (no hint).
 * Dates are read in the IMF-fixdate form every sender must use ("Sun, 06 Nov 1994 08:49:37 GMT");
 * Date.UTC keeps this pure and independent of the engine's locale or time zone.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

function daysIn(month: number, year: number): number {
  if (month === 1) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [3, 5, 8, 10].includes(month) ? 30 : 31;
}

/** An IMF-fixdate as epoch ms, or null when it is not one (or names a day that does not exist). */
export function parseHttpDate(value: string): number | null {
  const m = IMF_FIXDATE.exec(value.trim());
  if (m === null) return null;
  const [day, year, hours, minutes, seconds] = [m[1], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number];
  const month = MONTHS.indexOf(m[2] ?? '');
  if (month < 0 || day < 1 || day > daysIn(month, year) || hours > 23 || minutes > 59 || seconds > 60) return null;
  return Date.UTC(year, month, day, hours, minutes, seconds);
}

/** The wait a Retry-After value asks for, in ms from now; null without a usable value. */
export function retryAfterMs(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = parseHttpDate(text);
  return at === null ? null : Math.max(0, at - nowMs);
}
