import type { VolumeLevel } from '../../core/widget/volume-level';

/* Inline SVG icons of the control area (spec 000 §2 Icon buttons, Volume icon). Decorative: the button names them. */

const common = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24', width: 20, height: 20 } as const;

export function SkipBackIcon() {
  return (
    <svg {...common} className="icon icon--skip-back">
      <rect x="5" y="5" width="2.5" height="14" rx="1" fill="currentColor" />
      <path d="M19 5.5v13a.5.5 0 0 1-.77.42L8.6 12.42a.5.5 0 0 1 0-.84l9.63-6.5A.5.5 0 0 1 19 5.5z" fill="currentColor" />
    </svg>
  );
}

export function SkipForwardIcon() {
  return (
    <svg {...common} className="icon icon--skip-forward">
      <rect x="16.5" y="5" width="2.5" height="14" rx="1" fill="currentColor" />
      <path d="M5 5.5v13a.5.5 0 0 0 .77.42l9.63-6.5a.5.5 0 0 0 0-.84L5.77 5.08A.5.5 0 0 0 5 5.5z" fill="currentColor" />
    </svg>
  );
}

/** A circular arrow with "15" inside; `forward` mirrors the arrow. */
function JumpIcon({ forward }: { readonly forward: boolean }) {
  return (
    <svg {...common} className={forward ? 'icon icon--forward-15' : 'icon icon--back-15'}>
      <g transform={forward ? 'translate(24 0) scale(-1 1)' : undefined}>
        <path d="M12 3.5a8.5 8.5 0 1 1-8.5 8.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        <path d="M12 0.8v5.4L8.2 3.5z" fill="currentColor" />
      </g>
      <text x="12" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="currentColor">
        15
      </text>
    </svg>
  );
}

export const Back15Icon = () => <JumpIcon forward={false} />;
export const Forward15Icon = () => <JumpIcon forward />;

/** spec 000 §2 Volume icon: a speaker with no, one, two or three waves (muted shows a cross). */
export function VolumeGlyph({ level }: { readonly level: VolumeLevel }) {
  return (
    <svg {...common} className={`icon icon--volume icon--volume-${level}`}>
      <path d="M3 9.5h3.5L11 5.5v13l-4.5-4H3z" fill="currentColor" />
      {level === 'muted' ? <path d="M15 9.5l5 5m0-5l-5 5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
      {level === 'low' || level === 'medium' || level === 'full' ? (
        <path d="M14 10a3 3 0 0 1 0 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      ) : null}
      {level === 'medium' || level === 'full' ? (
        <path d="M16.5 7.5a6.5 6.5 0 0 1 0 9" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      ) : null}
      {level === 'full' ? <path d="M19 5a10 10 0 0 1 0 14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
    </svg>
  );
}
