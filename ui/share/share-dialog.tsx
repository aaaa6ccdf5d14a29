import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { shareCloseRequested, shareCopyEmbedCodeClicked, shareCopyLinkClicked, shareTargetClicked } from '../../core/widget/actions';
import { selectOpenUrl } from '../../core/widget/selectors';
import { copyTexts, SHARE_TARGETS, shareWindow, type ShareTarget } from '../../core/widget/share/share-links';
import type { ShareView } from '../../core/widget/share/state';
import { useDispatch } from '../hooks/use-dispatch';
import { useSelector } from '../hooks/use-selector';
import { useTranslate } from '../hooks/translate';

/* Decorative glyphs of the six share buttons: each button is named by its translated label. */
const glyph = (children: ReactNode) => (
  <svg aria-hidden focusable={false} viewBox="0 0 24 24" width={24} height={24} className="icon">
    {children}
  </svg>
);
const GLYPHS: Record<ShareTarget | 'link' | 'embed', ReactNode> = {
  facebook: glyph(
    <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21z" fill="currentColor" />,
  ),
  messenger: glyph(
    <path
      d="M12 3C7 3 3 6.7 3 11.3c0 2.6 1.3 4.9 3.3 6.4V21l3-1.7c.9.3 1.8.4 2.7.4 5 0 9-3.7 9-8.4S17 3 12 3zm1 11.2l-2.3-2.5-4.5 2.5 5-5.3 2.4 2.5 4.4-2.5z"
      fill="currentColor"
    />,
  ),
  twitter: glyph(
    <path
      d="M21 6.5c-.7.3-1.4.5-2.1.6.8-.5 1.3-1.2 1.6-2-.7.4-1.5.7-2.3.9a3.7 3.7 0 0 0-6.3 3.4A10.4 10.4 0 0 1 4.3 5.5a3.7 3.7 0 0 0 1.1 4.9c-.6 0-1.2-.2-1.7-.5 0 1.8 1.3 3.3 3 3.6-.6.2-1.1.2-1.7.1a3.7 3.7 0 0 0 3.4 2.6A7.4 7.4 0 0 1 3 17.7 10.5 10.5 0 0 0 8.7 19.4c6.8 0 10.5-5.6 10.5-10.5v-.5c.7-.5 1.3-1.1 1.8-1.9z"
      fill="currentColor"
    />,
  ),
  whatsapp: glyph(
    <path
      d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm4.6 12.4c-.2.6-1.1 1.1-1.6 1.2-.4 0-.9.1-2.9-.7-2.4-1-4-3.5-4.1-3.6-.1-.2-1-1.3-1-2.5s.6-1.8.9-2c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 1.9c.1.2.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.5.1.3.6 1.1 1.4 1.7 1 .9 1.8 1.1 2 1.3.3.1.4.1.6-.1l.8-1c.2-.2.3-.2.6-.1l1.8.9c.2.1.4.2.4.3.1.1.1.6-.1 1.2z"
      fill="currentColor"
    />,
  ),
  link: glyph(
    <path
      d="M10.6 13.4a1 1 0 0 0 1.4 0l3.6-3.6a3 3 0 0 0-4.2-4.2L9.6 7.4M13.4 10.6a1 1 0 0 0-1.4 0l-3.6 3.6a3 3 0 0 0 4.2 4.2l1.8-1.8"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />,
  ),
  embed: glyph(<path d="M8.5 7L3.5 12l5 5M15.5 7l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />),
};

const TARGET_LABELS: Record<ShareTarget, string> = {
  facebook: 'share_on_facebook',
  messenger: 'share_on_messenger',
  twitter: 'share_on_twitter',
  whatsapp: 'share_on_whatsapp',
};

export interface ShareDialogProps {
  readonly view: Exclude<ShareView, 'hidden'>;
}

/**
 * spec 000 §2 Share dialog: the share view (six icon buttons) and the copy-confirmation view (the
 * translation of a successful link share, or of a copied embed code); the close button (or
 * Escape) hides it, and it opens on the share view again. Loaded as its own chunk
 * (ui/widget/share-parts.tsx). Focus moves into the dialog when it opens and back to the share
 * button when it closes.
 */
export default function ShareDialog({ view }: ShareDialogProps) {
  const dispatch = useDispatch();
  const t = useTranslate();
  const ref = useRef<HTMLDivElement>(null);
  const openUrl = useSelector(selectOpenUrl);
  const uri = useSelector((state) => state.resourceUri);
  const openHost = useSelector((state) => state.config.hosts.open);
  const isMobile = useSelector((state) => state.platform.isMobile);
  // spec 000 §2: the confirmation's text is the translation of a successful link share; after Copy
  // embed code it says that the embed code was copied instead (ours: successful_embed_code_share).
  const copied = useSelector((state) => state.share.copied);
  // What the buttons share (spec 000 §7), absolute against this page when the hosts are relative.
  const origin = window.location.origin;
  const shared = copyTexts({ openUrl, uri, openHost }, origin);
  const sharedUrl = shared.link;

  const close = useCallback(() => {
    dispatch(shareCloseRequested());
    document.querySelector<HTMLElement>('[data-testid="share-button"]')?.focus();
  }, [dispatch]);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button')?.focus();
  }, [view]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };

  const title = t('share');
  return (
    <div
      ref={ref}
      id="share-dialog"
      className="share-dialog"
      data-testid="share-dialog"
      data-view={view}
      role="dialog"
      aria-modal="true"
      aria-label={title}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="icon-button share-dialog__close"
        data-testid="share-close"
        aria-label={t('share_close')}
        title={t('share_close')}
        onClick={close}
      >
        {glyph(<path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />)}
      </button>
      {view === 'copied' ? (
        <p className="share-dialog__copied" data-testid="share-copied" data-copied={copied} role="status">
          {t(copied === 'embedCode' ? 'successful_embed_code_share' : 'successful_link_share')}
        </p>
      ) : (
        <ul className="share-dialog__targets">
          {/* spec 000 §2: a social network, a messaging app, a microblogging service, a chat app. */}
          {SHARE_TARGETS.map((target) => (
            <li key={target}>
              <ShareOption
                label={t(TARGET_LABELS[target])}
                testId={`share-${target}`}
                onClick={() => dispatch(shareTargetClicked({ target, ...shareWindow(target, sharedUrl, isMobile) }))}
              >
                {GLYPHS[target]}
              </ShareOption>
            </li>
          ))}
          <li>
            <ShareOption label={t('copy_link')} testId="share-copy-link" onClick={() => dispatch(shareCopyLinkClicked({ text: shared.link }))}>
              {GLYPHS.link}
            </ShareOption>
          </li>
          <li>
            <ShareOption label={t('copy_embed_code')} testId="share-copy-embed" onClick={() => dispatch(shareCopyEmbedCodeClicked({ text: shared.embedCode }))}>
              {GLYPHS.embed}
            </ShareOption>
          </li>
        </ul>
      )}
    </div>
  );
}

function ShareOption({ label, testId, onClick, children }: { label: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="share-option" data-testid={testId} title={label} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
