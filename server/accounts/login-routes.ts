import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signUpPage, loginPage, type FormError } from './account-pages';
import { newAccountId, type AccountStore } from './accounts-store';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords';
import { safeContinue } from './safe-continue';
import type { SessionStore } from './sessions';
import { validateSignUp } from './validate-sign-up';

export interface LoginRouteDeps {
  readonly accounts: AccountStore;
  readonly sessions: SessionStore;
  readonly country: string;
  /** The provider's own origins for this request (redirects go only there). */
  readonly ownOrigins: (request: FastifyRequest) => ReadonlyArray<string>;
}

type Form = Readonly<Record<string, unknown>>;
const formOf = (request: FastifyRequest): Form =>
  typeof request.body === 'object' && request.body !== null ? (request.body as Form) : {};
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const query = (request: FastifyRequest): Form => request.query as Form;

const html = (reply: FastifyReply, status: number, body: string): FastifyReply =>
  // Forms and their errors are per visitor: never cached.
  reply.code(status).type('text/html').header('cache-control', 'no-store').send(body);

/** 303: the browser follows with a GET (spec 000 §7 Login link: back to the continue URL). */
const goOn = (reply: FastifyReply, next: string): FastifyReply => reply.header('cache-control', 'no-store').redirect(next, 303);

const loginHref = (next: string): string => `/login?continue=${encodeURIComponent(next)}`;
const signUpHref = (next: string): string => `/signup?forward_url=${encodeURIComponent(next)}`;

/**
 * The accounts pages the widget's links open (core/widget/links.ts, spec 000 §7): /login with a
 * `continue` URL and /signup with a `forward_url`; both go there after success, if it is on this
 * provider (server/accounts/safe-continue.ts). GET /logout ends the session (spec 001 §7 Token).
 */
export function registerLoginRoutes(app: FastifyInstance, deps: LoginRouteDeps): void {
  const next = (request: FastifyRequest, value: unknown): string => safeContinue(value, deps.ownOrigins(request));

  app.get('/login', async (request, reply) => {
    const to = next(request, query(request).continue);
    // Already logged in: nothing to ask, straight on.
    if (deps.sessions.accountOf(request) !== null) return goOn(reply, to);
    return html(reply, 200, loginPage({ next: to, signUpHref: signUpHref(to) }));
  });

  app.post('/login', async (request, reply) => {
    const form = formOf(request);
    const to = next(request, form.continue);
    const username = str(form.username).trim();
    const password = str(form.password);
    const again = (status: number, error: FormError) => html(reply, status, loginPage({ next: to, username, error, signUpHref: signUpHref(to) }));
    if (username === '' || password === '') {
      const fields = [...(username === '' ? (['username'] as const) : []), ...(password === '' ? (['password'] as const) : [])];
      return again(400, { message: 'Enter your username and password.', fields });
    }
    const account = deps.accounts.byUsername(username);
    // An unknown username costs one hash too, so timing does not tell which usernames exist.
    const matches = await verifyPassword(password, account?.passwordHash ?? DECOY_HASH);
    if (account === null || !matches) return again(401, { message: 'Incorrect username or password.', fields: ['username', 'password'] });
    deps.sessions.start(reply, request, account.id);
    return goOn(reply, to);
  });

  app.get('/signup', async (request, reply) => {
    const to = next(request, query(request).forward_url);
    return html(reply, 200, signUpPage({ next: to, logInHref: loginHref(to) }));
  });

  app.post('/signup', async (request, reply) => {
    const form = formOf(request);
    const to = next(request, form.forward_url);
    const again = (status: number, error: FormError) =>
      html(reply, status, signUpPage({ next: to, username: str(form.username).trim(), displayName: str(form.display_name).trim(), error, logInHref: loginHref(to) }));
    const checked = validateSignUp(form);
    if (!checked.ok) return again(400, checked.error);
    const { username, displayName, password } = checked.value;
    const id = newAccountId();
    // Sign-up makes free accounts; premium is the seeded demo account's.
    const created = deps.accounts.create({ id, username, displayName, passwordHash: await hashPassword(password), product: 'free', country: deps.country });
    if (!created) return again(409, { message: 'That username is taken. Choose another one, or log in.', fields: ['username'] });
    deps.sessions.start(reply, request, id);
    return goOn(reply, to);
  });

  app.get('/logout', async (request, reply) => {
    deps.sessions.end(reply, request);
    // The engine keeps the user's access token (and device id) in this origin's storage (spec 001
    // §4 Auth: a stored token is reused until it expires): a logout must not leave them to the next
    // user of the browser.
    void reply.header('clear-site-data', '"storage"');
    return goOn(reply, '/');
  });
}
