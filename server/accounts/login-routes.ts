import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCEPT_TERMS_FIELD, signUpPage, loginPage, logoutRefusedPage, type FormError } from './account-pages';
import { newAccountId, type AccountStore } from './accounts-store';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords';
import type { RateLimits } from './rate-limits';
import { safeContinue } from './safe-continue';
import { isFromAnotherSite } from './same-site';
import type { SessionStore } from './sessions';
import { validateSignUp } from './validate-sign-up';

export interface LoginRouteDeps {
  readonly accounts: AccountStore;
  readonly sessions: SessionStore;
  readonly country: string;
  /** The provider's own origins for this request (redirects go only there). */
  readonly ownOrigins: (request: FastifyRequest) => ReadonlyArray<string>;
  /** Starts a session for the account; one the request already had ends, its tokens revoked (routes.ts). */
  readonly startSession: (reply: FastifyReply, request: FastifyRequest, accountId: string) => Promise<void>;
  /** Ends the request's session and revokes its tokens (routes.ts); harmless without one. */
  readonly endSession: (reply: FastifyReply, request: FastifyRequest) => Promise<void>;
  /** A CSRF token for the form, its secret in a cookie (@fastify/csrf-protection's reply.generateCsrf). */
  readonly csrfToken: (reply: FastifyReply) => string;
  /** Refuses a form post whose CSRF token is missing or wrong (@fastify/csrf-protection, as a preHandler). */
  readonly checkCsrf: (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;
  readonly limits: RateLimits;
  /** The terms version in force (TERMS_LICENCE), which a sign-up accepts. */
  readonly termsLicence: string;
  /** Records that the account accepted `licence` (spec 001 §7 Terms), so its first visit asks nothing. */
  readonly acceptTerms: (accountId: string, licence: string) => Promise<void>;
}

type Form = Readonly<Record<string, unknown>>;
const formOf = (request: FastifyRequest): Form => (typeof request.body === 'object' && request.body !== null ? (request.body as Form) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const query = (request: FastifyRequest): Form => request.query as Form;

const html = (reply: FastifyReply, status: number, body: string): FastifyReply =>
  // Forms and their errors are per visitor: never cached.
  reply.code(status).type('text/html').header('cache-control', 'no-store').send(body);

/** 303: the browser follows with a GET (spec 000 §7 Login link: back to the continue URL). */
const goOn = (reply: FastifyReply, next: string): FastifyReply => reply.header('cache-control', 'no-store').redirect(next, 303);

const loginHref = (next: string): string => `/login?continue=${encodeURIComponent(next)}`;
const signUpHref = (next: string): string => `/signup?forward_url=${encodeURIComponent(next)}`;

/** The route options of a rate-limited route (@fastify/rate-limit, registered in routes.ts): `max` per window per address. */
export const rateLimited = (max: number, windowMs: number) => ({ config: { rateLimit: { max, timeWindow: windowMs } } });

/**
 * The accounts pages the widget's links open (core/widget/links.ts, spec 000 §7): /login with a
 * `continue` URL and /signup with a `forward_url`; both go there after success, if it is on this
 * provider (server/accounts/safe-continue.ts). GET /logout ends the session (spec 001 §7 Token).
 * Both forms carry a CSRF token (so no other site can log a visitor into an account of its
 * choosing) and both posts are rate limited per address (password guessing, mass sign-up).
 */
export function registerLoginRoutes(app: FastifyInstance, deps: LoginRouteDeps): FormPages {
  const next = (request: FastifyRequest, value: unknown): string => safeContinue(value, deps.ownOrigins(request));
  const { windowMs } = deps.limits;

  const loginForm = (request: FastifyRequest, reply: FastifyReply, status: number, error: FormError | null): FastifyReply => {
    const form = formOf(request);
    const to = next(request, form.continue);
    return html(
      reply,
      status,
      loginPage({ next: to, csrfToken: deps.csrfToken(reply), username: str(form.username).trim(), error, signUpHref: signUpHref(to) }),
    );
  };
  const signUpForm = (request: FastifyRequest, reply: FastifyReply, status: number, error: FormError | null): FastifyReply => {
    const form = formOf(request);
    const to = next(request, form.forward_url);
    return html(
      reply,
      status,
      signUpPage({
        next: to,
        csrfToken: deps.csrfToken(reply),
        username: str(form.username).trim(),
        displayName: str(form.display_name).trim(),
        error,
        logInHref: loginHref(to),
        termsLicence: deps.termsLicence,
        termsAccepted: str(form[ACCEPT_TERMS_FIELD]) === deps.termsLicence,
      }),
    );
  };

  app.get('/login', async (request, reply) => {
    const to = next(request, query(request).continue);
    // Already logged in: nothing to ask, straight on.
    if ((await deps.sessions.accountOf(request)) !== null) return goOn(reply, to);
    return html(reply, 200, loginPage({ next: to, csrfToken: deps.csrfToken(reply), signUpHref: signUpHref(to) }));
  });

  app.post('/login', { ...rateLimited(deps.limits.logins, windowMs), preHandler: deps.checkCsrf }, async (request, reply) => {
    const form = formOf(request);
    const to = next(request, form.continue);
    const username = str(form.username).trim();
    const password = str(form.password);
    const again = (status: number, error: FormError) => loginForm(request, reply, status, error);
    if (username === '' || password === '') {
      const fields = [...(username === '' ? (['username'] as const) : []), ...(password === '' ? (['password'] as const) : [])];
      return again(400, { message: 'Enter your username and password.', fields });
    }
    const account = await deps.accounts.byUsername(username);
    // An unknown username costs one hash too, so timing does not tell which usernames exist.
    const matches = await verifyPassword(password, account?.passwordHash ?? DECOY_HASH);
    if (account === null || !matches) return again(401, { message: 'Incorrect username or password.', fields: ['username', 'password'] });
    // A login over another one replaces it: the earlier session and its tokens end.
    await deps.startSession(reply, request, account.id);
    return goOn(reply, to);
  });

  app.get('/signup', async (request, reply) => {
    const to = next(request, query(request).forward_url);
    return html(reply, 200, signUpPage({ next: to, csrfToken: deps.csrfToken(reply), logInHref: loginHref(to), termsLicence: deps.termsLicence }));
  });

  app.post('/signup', { ...rateLimited(deps.limits.signUps, windowMs), preHandler: deps.checkCsrf }, async (request, reply) => {
    const form = formOf(request);
    const to = next(request, form.forward_url);
    const again = (status: number, error: FormError) => signUpForm(request, reply, status, error);
    const checked = validateSignUp(form, deps.termsLicence);
    if (!checked.ok) return again(400, checked.error);
    const { username, displayName, password } = checked.value;
    const id = newAccountId();
    // Sign-up makes free accounts; premium is the seeded demo account's.
    const created = await deps.accounts.create({
      id,
      username,
      displayName,
      passwordHash: await hashPassword(password),
      product: 'free',
      country: deps.country,
    });
    if (!created) return again(409, { message: 'That username is taken. Choose another one, or log in.', fields: ['username'] });
    // The terms accepted on the form are the account's: its first visit does not ask again (spec 001 §7 Terms).
    await deps.acceptTerms(id, deps.termsLicence);
    await deps.startSession(reply, request, id);
    return goOn(reply, to);
  });

  app.get('/logout', async (request, reply) => {
    // spec 001 §7 keeps logout a GET, which a top-level navigation from another site could trigger
    // with the (SameSite=Lax) cookie: such a request changes nothing.
    if (isFromAnotherSite(request, deps.ownOrigins(request))) return html(reply, 403, logoutRefusedPage());
    await deps.endSession(reply, request);
    // The engine keeps the user's access token (and device id) in this origin's storage (spec 001
    // §4 Auth: a stored token is reused until it expires): a logout must not leave them to the next
    // user of the browser.
    void reply.header('clear-site-data', '"storage"');
    return goOn(reply, '/');
  });

  return {
    refuse: (request, reply, status, message) => {
      const error: FormError = { message, fields: [] };
      if (request.routeOptions.url === '/login') return loginForm(request, reply, status, error);
      if (request.routeOptions.url === '/signup') return signUpForm(request, reply, status, error);
      return null;
    },
  };
}

/** The forms' answer to a post refused before its handler ran (a stale CSRF token, too many attempts). */
export interface FormPages {
  /** The request's form again with `message` (and a fresh CSRF token), or null when the request is not a form post. */
  refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply | null;
}
