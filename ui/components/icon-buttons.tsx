import type { ReactNode } from 'react';
import type { Translate } from '../hooks/translate';
import { Back15Icon, Forward15Icon, SkipBackIcon, SkipForwardIcon } from './control-icons';

export interface IconButtonProps {
  /** Translated: the button's title and accessible name (spec 000 §2: each has a title from translations). */
  readonly label: string;
  readonly onClick: () => void;
  readonly testId: string;
  readonly children: ReactNode;
}

/** A real button with an icon: keyboard reachable, named by its translated title. */
export function IconButton({ label, onClick, testId, children }: IconButtonProps) {
  return (
    <button type="button" className="icon-button" data-testid={testId} title={label} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}

export interface SkipButtonProps {
  readonly t: Translate;
  readonly onClick: () => void;
}

export const SkipBackButton = ({ t, onClick }: SkipButtonProps) => (
  <IconButton label={t('skip_back')} onClick={onClick} testId="skip-back">
    <SkipBackIcon />
  </IconButton>
);

export const SkipForwardButton = ({ t, onClick }: SkipButtonProps) => (
  <IconButton label={t('skip_forward')} onClick={onClick} testId="skip-forward">
    <SkipForwardIcon />
  </IconButton>
);

export const Back15Button = ({ t, onClick }: SkipButtonProps) => (
  <IconButton label={t('seek_back_15')} onClick={onClick} testId="back-15">
    <Back15Icon />
  </IconButton>
);

export const Forward15Button = ({ t, onClick }: SkipButtonProps) => (
  <IconButton label={t('seek_forward_15')} onClick={onClick} testId="forward-15">
    <Forward15Icon />
  </IconButton>
);
