import { escapeHtml } from '../embed/html';

/*
 * The accounts pages: small server-rendered forms in the style of the message page
 * (server/embed/html.ts). Accessible: every field has a label and the right autocomplete, the
 * error is announced (role=alert) and the fields it concerns are marked aria-invalid and point to
 * it (aria-describedby).
 */

export type FieldName = 'username' | 'display_name' | 'password' | 'accept_terms';

export interface FormError {
  readonly message: string;
  /** The fields the message is about (marked invalid); empty for a form-wide error. */
  readonly fields: ReadonlyArray<FieldName>;
}

const STYLE =
  'body{margin:0;font:14px/19px system-ui,sans-serif;background:#181818;color:#fff;display:flex;align-items:center;justify-content:center;min-height:100vh}' +
  'main{width:min(320px,90vw)}h1{font-size:20px;margin:0 0 16px;text-align:center}label{display:block;margin:12px 0 4px;font-weight:700}' +
  'input{box-sizing:border-box;width:100%;padding:8px;border-radius:4px;border:1px solid #727272;background:#121212;color:#fff;font:inherit}' +
  'input[aria-invalid=true]{border-color:#f15e6c}input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid #fff;outline-offset:2px}' +
  'button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:500px;background:#1db954;color:#000;font:inherit;font-weight:700;cursor:pointer}' +
  '.error{margin:0 0 8px;padding:8px;border-radius:4px;background:#e91429;color:#fff}.hint{margin:4px 0 0;color:#b3b3b3;font-size:12px}' +
  'p.switch{margin-top:16px;text-align:center;color:#b3b3b3}a{color:#fff}' +
  '.consent{display:flex;gap:8px;align-items:flex-start;margin-top:16px}.consent input{width:auto;margin:3px 0 0;flex:none}.consent label{margin:0;font-weight:400}' +
  '.consent input[aria-invalid=true]{outline:2px solid #f15e6c;outline-offset:2px}';

interface FieldSpec {
  readonly name: FieldName;
  readonly label: string;
  readonly type: 'text' | 'password';
  readonly autocomplete: string;
  readonly value?: string;
  readonly hint?: string;
}

function field(spec: FieldSpec, error: FormError | null): string {
  const invalid = error !== null && error.fields.includes(spec.name);
  const described = [invalid ? 'form-error' : '', spec.hint === undefined ? '' : `${spec.name}-hint`].filter((id) => id !== '').join(' ');
  return (
    `<label for="${spec.name}">${escapeHtml(spec.label)}</label>` +
    `<input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" required` +
    (spec.value === undefined ? '' : ` value="${escapeHtml(spec.value)}"`) +
    (invalid ? ' aria-invalid="true"' : '') +
    (described === '' ? '' : ` aria-describedby="${described}"`) +
    '>' +
    (spec.hint === undefined ? '' : `<p class="hint" id="${spec.name}-hint">${escapeHtml(spec.hint)}</p>`)
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const errorBox = (error: FormError | null): string => (error === null ? '' : `<p class="error" id="form-error" role="alert">${escapeHtml(error.message)}</p>`);

const hidden = (name: string, value: string): string => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** The form field that carries the CSRF token (@fastify/csrf-protection reads `_csrf` from the body). */
export const CSRF_FIELD = '_csrf';

/** The login form; `next` is the continue URL, carried through the POST with the form's CSRF token. */
export function loginPage(options: { next: string; csrfToken: string; username?: string; error?: FormError | null; signUpHref: string }): string {
  const error = options.error ?? null;
  return page(
    'Log in',
    '<h1>Log in to listen</h1>' +
      errorBox(error) +
      `<form method="post" action="/login" novalidate>${hidden(CSRF_FIELD, options.csrfToken)}${hidden('continue', options.next)}` +
      field({ name: 'username', label: 'Username', type: 'text', autocomplete: 'username', value: options.username ?? '' }, error) +
      field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' }, error) +
      '<button type="submit">Log in</button></form>' +
      `<p class="switch">No account? <a href="${escapeHtml(options.signUpHref)}">Sign up free</a></p>`,
  );
}

/** The sign-up form's consent checkbox: checked, it carries the terms version the form showed (spec 001 §7 Terms licence). */
export const ACCEPT_TERMS_FIELD = 'accept_terms';

/**
 * The consent to the terms in force, as sign-up forms of widely used services ask it: a checkbox
 * the visitor ticks, labelled with links to both documents (the reacceptance metadata's, spec 001
 * §7 Terms), which open beside the form so nothing typed is lost.
 */
function consent(licence: string, checked: boolean, error: FormError | null): string {
  const invalid = error !== null && error.fields.includes(ACCEPT_TERMS_FIELD);
  const terms = `/legal/terms?license=${encodeURIComponent(licence)}&language=en`;
  return (
    `<div class="consent"><input id="${ACCEPT_TERMS_FIELD}" name="${ACCEPT_TERMS_FIELD}" type="checkbox" value="${escapeHtml(licence)}" required` +
    (checked ? ' checked' : '') +
    (invalid ? ' aria-invalid="true" aria-describedby="form-error"' : '') +
    `><label for="${ACCEPT_TERMS_FIELD}">I accept the <a href="${escapeHtml(terms)}" target="_blank" rel="noopener">Terms of Use</a> ` +
    `and the <a href="/legal/privacy?language=en" target="_blank" rel="noopener">Privacy Policy</a>.</label></div>`
  );
}

/** The sign-up form for a free account; `next` is the forward URL, carried through the POST with the form's CSRF token. */
export function signUpPage(options: {
  next: string;
  csrfToken: string;
  username?: string;
  displayName?: string;
  error?: FormError | null;
  logInHref: string;
  /** The terms version in force, which the consent accepts. */
  termsLicence: string;
  /** The visitor ticked the consent (kept when the form comes back with another problem). */
  termsAccepted?: boolean;
}): string {
  const error = options.error ?? null;
  return page(
    'Sign up',
    '<h1>Sign up free</h1>' +
      errorBox(error) +
      `<form method="post" action="/signup" novalidate>${hidden(CSRF_FIELD, options.csrfToken)}${hidden('forward_url', options.next)}` +
      field({ name: 'username', label: 'Username', type: 'text', autocomplete: 'username', value: options.username ?? '', hint: USERNAME_HINT }, error) +
      field(
        { name: 'display_name', label: 'Display name', type: 'text', autocomplete: 'nickname', value: options.displayName ?? '', hint: DISPLAY_NAME_HINT },
        error,
      ) +
      field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT }, error) +
      consent(options.termsLicence, options.termsAccepted ?? false, error) +
      '<button type="submit">Sign up</button></form>' +
      `<p class="switch">Have an account? <a href="${escapeHtml(options.logInHref)}">Log in</a></p>`,
  );
}

/**
 * The answer to a /logout another site started (same-site.ts): nothing changed, and a link that
 * logs out when the visitor follows it from here (a same-origin navigation).
 */
export function logoutRefusedPage(): string {
  return page(
    'Log out',
    '<h1>Log out?</h1><p class="error" role="alert">Another site asked to log you out. Nothing was changed.</p>' +
      '<p class="switch"><a href="/logout">Log out</a> &middot; <a href="/">Stay logged in</a></p>',
  );
}

export const USERNAME_HINT = '3 to 30 characters: lower-case letters, digits, dot, dash or underscore.';
export const DISPLAY_NAME_HINT = '1 to 50 characters; shown to others.';
export const PASSWORD_HINT = 'At least 8 characters.';
