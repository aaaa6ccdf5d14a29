import type { Draft } from 'immer';
import type { ActionOf } from '../../store/action';
import type { WidgetState } from '../state';
import type { shareCloseRequested, shareCopied, shareOpenRequested } from './actions';
import { initialShareState } from './state';

type ShareStateAction = ActionOf<typeof shareOpenRequested> | ActionOf<typeof shareCopied> | ActionOf<typeof shareCloseRequested>;

/** The share dialog's views (spec 000 §2 Share dialog); the widget reducer hands it these actions. */
export function reduceShare(draft: Draft<WidgetState>, action: ShareStateAction): void {
  // A state from before the share dialog (an older log's header) has no such part yet.
  const share = (draft.share ??= { ...initialShareState });
  switch (action.type) {
    case 'share/openRequested':
      share.view = 'share';
      delete share.copied;
      return;
    case 'share/copied':
      // spec 000 §2: copying the link or the embed code switches to the confirmation view, which
      // says what was copied. A copy that completes after the dialog was closed leaves it closed.
      if (share.view === 'hidden') return;
      share.view = 'copied';
      share.copied = action.what;
      return;
    case 'share/closeRequested':
      // spec 000 §2: hides the dialog and resets it to the share view (the next open shows it).
      share.view = 'hidden';
      delete share.copied;
      return;
  }
}
