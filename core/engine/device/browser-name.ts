/**
 * The browser facts the default device name is filled with (spec 001 §3 "a default name template
 * filled with browser name, version and platform"), read from the user agent string the adapter
 * hands over, so a replay names the device the same way. Order matters: Edge and Opera carry
 * Chrome's token, Chrome carries Safari's.
 */
export interface BrowserFacts {
  readonly name: string;
  /** The major version, or '' when the user agent names none. */
  readonly version: string;
  readonly platform: string;
}

const BROWSERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

const PLATFORMS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['ChromeOS', /CrOS/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

export function browserOf(userAgent: string): BrowserFacts {
  const browser = BROWSERS.map(([name, pattern]) => ({ name, match: pattern.exec(userAgent) })).find((b) => b.match !== null);
  const platform = PLATFORMS.find(([, pattern]) => pattern.test(userAgent));
  return {
    name: browser?.name ?? 'Browser',
    version: browser?.match?.[1] ?? '',
    platform: platform?.[0] ?? 'unknown platform',
  };
}
