import { MINI_PLAYER_TEXT_KEY } from '../../core/widget/mini-player';
import { selectDominantColor } from '../../core/widget/selectors';
import { useTranslate } from '../hooks/translate';
import { useSelector } from '../hooks/use-selector';

/**
 * spec 000 §2: "The compact legacy layout of the mini-player variant is a placeholder saying it is
 * not implemented." The panel on the resource's colour (as the embed screen) with that one text.
 */
export function MiniPlayerPlaceholder() {
  const t = useTranslate();
  const color = useSelector(selectDominantColor);
  return (
    <div className="embed embed--mini" data-layout="mini" data-testid="mini-player" style={{ backgroundColor: color }}>
      <p className="embed__mini-text">{t(MINI_PLAYER_TEXT_KEY)}</p>
    </div>
  );
}
