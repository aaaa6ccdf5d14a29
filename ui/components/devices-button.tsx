import type { Translate } from '../hooks/translate';

/*
 * Issue 16 The controller: the devices button, in the widget's first frame. Apart from the list it
 * opens and the remote-control view (./device-picker.tsx), which the widget fetches in its lazy
 * chunk (ui/widget/extras.ts): the initial-JS budget (100 KB gzipped) pays only for the button.
 */

export const iconAttrs = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24' } as const;

/** A screen and a speaker: the devices button. */
export function DevicesIcon() {
  return (
    <svg {...iconAttrs} width={20} height={20} className="icon icon--devices">
      <rect x="2.5" y="4" width="12" height="9" rx="1.2" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path d="M5.5 17h6" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
      <rect x="16" y="6" width="6" height="13" rx="1.2" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <circle cx="19" cy="14.5" r="1.6" fill="currentColor" />
    </svg>
  );
}

export interface DevicesButtonProps {
  readonly open: boolean;
  /** Playback is on another device: the button shows it in the accent colour. */
  readonly elsewhere: boolean;
  readonly onToggle: () => void;
  readonly t: Translate;
}

export function DevicesButton({ open, elsewhere, onToggle, t }: DevicesButtonProps) {
  const label = t('devices_button');
  return (
    <button
      type="button"
      className={elsewhere ? 'icon-button devices-button devices-button--elsewhere' : 'icon-button devices-button'}
      data-testid="devices-button"
      title={label}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onToggle}
    >
      <DevicesIcon />
    </button>
  );
}
