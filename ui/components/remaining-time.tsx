import type { Translate } from '../hooks/translate';

export interface RemainingTimeProps {
  /** spec 000 §2: hidden when there is no total. */
  readonly hidden: boolean;
  /** A minus sign and the time left, already formatted (core/widget/selectors remainingTime). */
  readonly text: string;
  readonly t: Translate;
}

export function RemainingTime({ hidden, text, t }: RemainingTimeProps) {
  return (
    <span className="remaining-time" data-testid="remaining" title={t('remaining_time')} hidden={hidden}>
      {text}
    </span>
  );
}
