import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CaptureLink } from '../../core/model/capture';
import { CAPTURE_DESCRIPTION_MAX_CHARS } from '../../core/model/capture';
import type { Translate } from '../hooks/translate';

/**
 * Issue 19 Capture: the keyboard shortcut that opens "Report a problem". Alt+Shift+R: the widget's
 * own keys are Space, Enter, Escape, Tab and the arrows, Home and End on its sliders, none with a
 * modifier, and no browser binds Alt+Shift+R. Read by `code`, so it is the same key on every layout
 * (on a Mac, Option+Shift+R types a character, which `key` would give).
 */
export const isReportShortcut = (event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>): boolean =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyR';

/** The shortcut as the menu shows it: key names, the same in every language. */
export const REPORT_SHORTCUT_TEXT = 'Alt+Shift+R';

/**
 * The menu's and the dialog's texts: keys of the widget's translations (fixtures/translations/{locale}.json,
 * spec 000 §3), so the page's locale chooses them as it does the widget's other texts.
 */
export const REPORT_PROBLEM_KEYS = [
  'overflow_menu',
  'report_problem',
  'report_description',
  'report_send',
  'report_sending',
  'report_sent',
  'report_failed',
  'report_close',
] as const;

export interface ReportProblemProps {
  /** Captures the session with the description and uploads it; the link to open it. */
  readonly capture: (description: string) => Promise<CaptureLink & { readonly href: string }>;
  /** The page's translations (REPORT_PROBLEM_KEYS). */
  readonly t: Translate;
}

type Status = { readonly kind: 'idle' } | { readonly kind: 'sending' } | { readonly kind: 'sent'; readonly href: string } | { readonly kind: 'failed' };

/**
 * A small overflow menu ("More") in the widget's corner whose one entry, "Report a problem", asks
 * for an optional one-line description, captures the session and shows the link the provider answers.
 */
export default function ReportProblem({ capture, t }: ReportProblemProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const item = useRef<HTMLButtonElement>(null);

  const openDialog = () => {
    setMenuOpen(false);
    setStatus({ kind: 'idle' });
    setDialogOpen(true);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isReportShortcut(event)) {
        event.preventDefault();
        openDialog();
      } else if (event.key === 'Escape') {
        setMenuOpen(false);
        setDialogOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (dialogOpen) input.current?.focus();
  }, [dialogOpen]);
  useEffect(() => {
    if (menuOpen) item.current?.focus();
  }, [menuOpen]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus({ kind: 'sending' });
    capture(description).then(
      (link) => setStatus({ kind: 'sent', href: link.href }),
      () => setStatus({ kind: 'failed' }),
    );
  };

  return (
    <div className="report-problem">
      <button
        type="button"
        className="report-problem__more"
        aria-label={t('overflow_menu')}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        data-testid="overflow-menu"
        title={`${t('overflow_menu')} (${REPORT_SHORTCUT_TEXT}: ${t('report_problem')})`}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="13" cy="8" r="1.5" />
        </svg>
      </button>
      {menuOpen && (
        <ul className="report-problem__menu" role="menu" aria-label={t('overflow_menu')}>
          <li role="none">
            <button ref={item} type="button" role="menuitem" data-testid="report-problem" onClick={openDialog}>
              {t('report_problem')} <kbd>{REPORT_SHORTCUT_TEXT}</kbd>
            </button>
          </li>
        </ul>
      )}
      {dialogOpen && (
        <form className="report-problem__dialog" role="dialog" aria-label={t('report_problem')} onSubmit={onSubmit}>
          {status.kind === 'sent' ? (
            <p className="report-problem__done" role="status">
              {t('report_sent')}{' '}
              <a href={status.href} target="_blank" rel="noopener noreferrer" data-testid="capture-link">
                {status.href}
              </a>
            </p>
          ) : (
            <>
              <input
                ref={input}
                type="text"
                aria-label={t('report_description')}
                placeholder={t('report_description')}
                maxLength={CAPTURE_DESCRIPTION_MAX_CHARS}
                value={description}
                data-testid="report-description"
                onChange={(event) => setDescription(event.target.value)}
              />
              <button type="submit" disabled={status.kind === 'sending'} data-testid="report-send">
                {status.kind === 'sending' ? t('report_sending') : t('report_send')}
              </button>
              {status.kind === 'failed' && <span role="alert">{t('report_failed')}</span>}
            </>
          )}
          <button type="button" className="report-problem__close" aria-label={t('report_close')} onClick={() => setDialogOpen(false)}>
            ×
          </button>
        </form>
      )}
    </div>
  );
}
