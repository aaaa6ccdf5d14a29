/** A position or length as m:ss (the widget's progress labels, spec 000 §4). */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The log-in page, back to this page after (server/accounts safe-continue). */
export const loginHref = (path: string) => `/login?continue=${encodeURIComponent(path)}`;
