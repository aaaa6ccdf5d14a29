import { useCallback } from 'react';
import { shareOpenRequested } from '../../core/widget/actions';
import { shareCloseRequested } from '../../core/widget/share/actions';
import { IconButton } from '../components/icon-buttons';
import type { Translate } from '../hooks/translate';
import { useDispatch } from '../hooks/use-dispatch';
import { useSelector } from '../hooks/use-selector';
import { lazyExtra } from './lazy-extra';

/*
 * The share button (in the first frame) and the share dialog (spec 000 §2 Share dialog), which is
 * in the widget's lazy chunk (ui/widget/extras.ts): it is fetched the first time the visitor opens
 * it, so the initial bundle does not carry it.
 */

/** The chunk could not be had (every retry failed): the dialog closes, so the button's next click tries again. */
function useCloseShare(): () => void {
  const dispatch = useDispatch();
  return useCallback(() => dispatch(shareCloseRequested()), [dispatch]);
}

const ShareDialog = lazyExtra((extras) => extras.ShareDialog, useCloseShare);

/** spec 000 §2: "A share button opens the share modal." A real button with a translated name. */
export function ShareButton({ t }: { readonly t: Translate }) {
  const dispatch = useDispatch();
  const onClick = useCallback(() => dispatch(shareOpenRequested()), [dispatch]);
  return (
    <IconButton label={t('share')} onClick={onClick} testId="share-button">
      <svg aria-hidden focusable={false} viewBox="0 0 24 24" width={20} height={20} className="icon icon--share">
        <path
          d="M18 3a3 3 0 1 0 0 5 3 3 0 0 0 0-5zM6 9.5a3 3 0 1 0 0 5 3 3 0 0 0 0-5zM18 16a3 3 0 1 0 0 5 3 3 0 0 0 0-5zM8 11l8-4.5M8 13l8 4.5"
          fill="currentColor"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
    </IconButton>
  );
}

/** The dialog while it shows; nothing (and no chunk fetched) while hidden, as in the server's frame. */
export function ShareSlot() {
  const view = useSelector((state) => state.share.view);
  if (view === 'hidden') return null;
  return <ShareDialog view={view} />;
}
