import Fastify, { type FastifyInstance } from 'fastify';
import { requireBearer, tokenOwnerFrom, type Authenticate } from './auth';
import { installWebApiErrors } from './errors';

/**
 * One protected route answering the token owner, with the Web API's error handling, on loopback
 * (fastify's inject needs an ES module jest does not load here).
 */
async function appWith(authenticate: Authenticate) {
  const app = Fastify();
  await app.register(async (api) => {
    installWebApiErrors(api, { notFound: false });
    api.get('/who', async (request) => requireBearer(request, authenticate));
  });
  apps.push(app);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    inject: async ({ headers = {} }: { url: string; headers?: Record<string, string> }) => {
      const response = await fetch(`${origin}/who`, { headers });
      const body: unknown = await response.json();
      return { statusCode: response.status, json: () => body };
    },
  };
}
const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

const known: Record<string, { accountId: string | null; country: string }> = {
  'user-token': { accountId: 'acc1', country: 'DE' },
  'anon-token': { accountId: null, country: 'SE' },
};
const verify = (token: string) => known[token] ?? null;

describe('bearer tokens (spec 001 §6; the Web API error object for 401 and 400)', () => {
  it('a token the store knows gives its user and country (the market of from_token)', async () => {
    const app = await appWith(tokenOwnerFrom(verify));
    const user = await app.inject({ url: '/who', headers: { authorization: 'Bearer user-token' } });
    expect(user.json()).toEqual({ userId: 'acc1', country: 'DE' });
    const anonymous = await app.inject({ url: '/who', headers: { authorization: 'Bearer anon-token' } });
    expect(anonymous.json()).toEqual({ userId: 'anonymous', country: 'SE' });
  });

  it('an unknown token is 401 Invalid access token; no header is 401 No token provided; another scheme 400', async () => {
    const app = await appWith(tokenOwnerFrom(verify));
    const unknown = await app.inject({ url: '/who', headers: { authorization: 'Bearer nope' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: { status: 401, message: 'Invalid access token' } });
    expect((await app.inject({ url: '/who' })).json()).toEqual({ error: { status: 401, message: 'No token provided' } });
    const basic = await app.inject({ url: '/who', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(400);
    const empty = await app.inject({ url: '/who', headers: { authorization: 'Bearer ' } });
    expect(empty.statusCode).toBe(400);
  });
});
