/**
 * spec 000 §2 Remaining-time label, spec 001 §5: "minutes:seconds with zero-padded seconds";
 * "Displayed time is never negative". Whole seconds are shown, rounded down.
 */
export function formatTime(ms: number): string {
  const totalSeconds = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${seconds < 10 ? '0' : ''}${seconds}`;
}
