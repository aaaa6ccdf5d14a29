/** spec 000 §3 "Share state (view type)": hidden, the share view, or the copy-confirmation view. */
export type ShareView = 'hidden' | 'share' | 'copied';

export interface ShareState {
  readonly view: ShareView;
}

export const initialShareState: ShareState = { view: 'hidden' };
