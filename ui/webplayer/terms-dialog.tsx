import { useEffect, useRef } from 'react';
import { termsAccepted, type CatalogueState } from '../../core/catalogue';
import type { Action } from '../../core/store/action';

/**
 * spec 001 §7 Terms: the reacceptance prompt. When the licence in force is not the one the listener
 * accepted (the request layer's `catalogue.terms`), a modal dialog shows the terms with an accept
 * button that PUTs the licence; it closes once the acceptance is answered. A native <dialog> opened
 * with showModal(): the rest of the page is inert while it shows (focus stays inside), and Escape
 * does not dismiss it (the terms must be accepted to go on).
 */
export function TermsDialog({ terms, dispatch }: { terms: CatalogueState['terms']; dispatch: (action: Action) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const accept = useRef<HTMLButtonElement>(null);
  const open = terms !== null;

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal();
      accept.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="wp-terms" aria-labelledby="wp-terms-title" aria-describedby="wp-terms-text" onCancel={(event) => event.preventDefault()}>
      {terms === null ? null : (
        <>
          <h2 id="wp-terms-title">We have updated our terms</h2>
          <div id="wp-terms-text" className="wp-terms-text">
            <p>
              To keep listening, please read and accept the Terms of Use (version {terms.license}). They say how you may use the player and its catalogue, and
              the Privacy Policy says what we keep about your listening and why.
            </p>
            <ul>
              {terms.documents.map((d) => (
                <li key={d.name}>
                  <a href={d.url} target="_blank" rel="noreferrer">
                    {d.name === 'terms' ? 'Terms of Use' : d.name === 'privacy' ? 'Privacy Policy' : d.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <button
            ref={accept}
            type="button"
            className="wp-terms-accept"
            disabled={terms.accepting !== null}
            onClick={() => dispatch(termsAccepted({ requestId: `terms-accept-${terms.license}`, license: terms.license }))}
          >
            {terms.accepting !== null ? 'Accepting…' : 'Accept'}
          </button>
        </>
      )}
    </dialog>
  );
}
