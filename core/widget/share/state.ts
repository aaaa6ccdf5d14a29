/** spec 000 §3 "Share state (view type)": hidden, the share view, or the copy-confirmation view. */
export type ShareView = 'hidden' | 'share' | 'copied';

/** What a copy button put on the clipboard (spec 000 §7 Copy link, Copy embed code). */
export type CopiedText = 'link' | 'embedCode';

export interface ShareState {
  readonly view: ShareView;
  /**
   * While the confirmation view shows: what was copied, so that it can say so (spec 000 §2 has one
   * text, the link share's; the embed code's own text is ours). Absent otherwise, so a state
   * without a copy is the same as before this field existed.
   */
  readonly copied?: CopiedText;
}

export const initialShareState: ShareState = { view: 'hidden' };
