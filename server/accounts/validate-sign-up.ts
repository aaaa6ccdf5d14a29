import { ACCEPT_TERMS_FIELD, type FieldName, type FormError } from './account-pages';

/** A sign-up without the consent to the terms in force. */
export const TERMS_NOT_ACCEPTED = 'Accept the Terms of Use and the Privacy Policy to sign up.';

export interface SignUpFields {
  readonly username: string;
  readonly displayName: string;
  readonly password: string;
}

const USERNAME = /^[a-z0-9._-]+$/;
// C0 and C1 control characters and DEL (Unicode category Cc): nothing a person means to show as their name.
const CONTROL = /\p{Cc}/u;

/**
 * The sign-up form's rules, each with a message that says how to fix it. All problems are named
 * at once, so a visitor fixes the form in one go. Username and display name are trimmed; the
 * password is taken as typed. The terms in force (`termsLicence`) must be accepted.
 */
export function validateSignUp(
  body: Readonly<Record<string, unknown>>,
  termsLicence: string,
): { ok: true; value: SignUpFields } | { ok: false; error: FormError } {
  const text = (name: string): string => (typeof body[name] === 'string' ? body[name] : '');
  const username = text('username').trim();
  const displayName = text('display_name').trim();
  const password = text('password');
  const problems: Array<[FieldName, string]> = [];

  if (username === '') problems.push(['username', 'Enter a username.']);
  else if (username.length < 3 || username.length > 30) problems.push(['username', 'The username must be 3 to 30 characters long.']);
  else if (!USERNAME.test(username)) problems.push(['username', 'The username may only hold lower-case letters, digits, dots, dashes and underscores.']);

  if (displayName === '') problems.push(['display_name', 'Enter a display name.']);
  else if ([...displayName].length > 50) problems.push(['display_name', 'The display name must be at most 50 characters long.']);
  else if (CONTROL.test(displayName)) problems.push(['display_name', 'The display name cannot hold control characters.']);

  if (password === '') problems.push(['password', 'Enter a password.']);
  else if ([...password].length < 8) problems.push(['password', 'The password must be at least 8 characters long.']);
  else if (password.length > 200) problems.push(['password', 'The password must be at most 200 characters long.']);
  else if (password === username) problems.push(['password', 'The password must not be the same as the username.']);

  // The consent carries the version the form showed: a form from before the terms changed asks again, with the new ones.
  if (text(ACCEPT_TERMS_FIELD) !== termsLicence) problems.push([ACCEPT_TERMS_FIELD, TERMS_NOT_ACCEPTED]);

  if (problems.length > 0) {
    return { ok: false, error: { message: problems.map(([, message]) => message).join(' '), fields: problems.map(([name]) => name) } };
  }
  return { ok: true, value: { username, displayName, password } };
}
