/** The part of the Network Information API the engine reads (not in every browser, nor in TypeScript's DOM types). */
export interface DownlinkNavigator {
  readonly connection?: { readonly downlink?: unknown } | null;
}

/**
 * spec 001 §9 Bandwidth estimate default: the browser's downlink (navigator.connection.downlink,
 * Mbit/s) where the browser gives one; undefined elsewhere (Firefox, Safari), where the engine keeps
 * 400000 bits/s.
 */
export function browserDownlinkMbps(nav: DownlinkNavigator): number | undefined {
  const downlink = nav.connection?.downlink;
  return typeof downlink === 'number' && Number.isFinite(downlink) && downlink > 0 ? downlink : undefined;
}
