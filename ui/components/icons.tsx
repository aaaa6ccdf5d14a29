/* Inline SVG icons: no icon font, nothing to fetch before the first paint. Decorative: the button names them. */

const common = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24', width: 24, height: 24 } as const;

export function PlayIcon() {
  return (
    <svg {...common} className="icon icon--play">
      <path d="M7 4.5v15a.5.5 0 0 0 .76.43l12.5-7.5a.5.5 0 0 0 0-.86L7.76 4.07A.5.5 0 0 0 7 4.5z" fill="currentColor" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg {...common} className="icon icon--pause">
      <rect x="6" y="4" width="4" height="16" rx="1" fill="currentColor" />
      <rect x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />
    </svg>
  );
}

/** The "playing" marker of a track-list row (spec 000 §2 Track list table). */
export function PlayingIcon() {
  return (
    <svg {...common} width={12} height={12} className="icon icon--playing">
      <rect x="3" y="8" width="4" height="12" fill="currentColor" />
      <rect x="10" y="4" width="4" height="16" fill="currentColor" />
      <rect x="17" y="11" width="4" height="9" fill="currentColor" />
    </svg>
  );
}
