import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { hashPassword } from './passwords';

export type Product = 'premium' | 'free';

export interface Account {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly passwordHash: string;
  readonly product: Product;
  readonly country: string;
}

/** The demo accounts, seeded once (README): one premium listener and one free one. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ username: string; password: string; displayName: string; product: Product }> = [
  { username: 'demo', password: 'demo', displayName: 'Demo Listener', product: 'premium' },
  { username: 'free', password: 'free', displayName: 'Free Listener', product: 'free' },
];

interface AccountRow {
  id: string;
  username: string;
  display_name: string;
  password_hash: string;
  product: string;
  country: string;
}

const toAccount = (row: AccountRow | undefined): Account | null =>
  row === undefined
    ? null
    : {
        id: row.id,
        username: row.username,
        displayName: row.display_name,
        passwordHash: row.password_hash,
        product: row.product === 'premium' ? 'premium' : 'free',
        country: row.country,
      };

/** A user id like the provider's: 22 base62 characters (spec 001 §3 Resource identifier). */
export function newAccountId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  // 62 * 4 = 248 < 256: bytes of 248 and above are dropped, so every character is equally likely.
  let id = '';
  while (id.length < 22) {
    for (const byte of randomBytes(32)) if (byte < 248 && id.length < 22) id += alphabet[byte % 62];
  }
  return id;
}

export interface AccountStore {
  byUsername(username: string): Promise<Account | null>;
  byId(id: string): Promise<Account | null>;
  /** Inserts a new account; false when the username (or id) is taken. */
  create(account: Account): Promise<boolean>;
  /** Changes an account's product; false when there is no such account. */
  setProduct(id: string, product: Product): Promise<boolean>;
}

/** The accounts on the configured database (issue 14: SQLite or Postgres, server/db/database.ts). */
export function createAccountStore(db: Kysely<Database>): AccountStore {
  return {
    byUsername: async (username) => toAccount(await db.selectFrom('accounts').selectAll().where('username', '=', username).executeTakeFirst()),
    byId: async (id) => toAccount(await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()),
    create: async (account) => {
      const result = await db
        .insertInto('accounts')
        .values({
          id: account.id,
          username: account.username,
          display_name: account.displayName,
          password_hash: account.passwordHash,
          product: account.product,
          country: account.country,
        })
        // Two sign-ups racing for one username (or two instances seeding at once): one row, the other told no.
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return result.numInsertedOrUpdatedRows === 1n;
    },
    setProduct: async (id, product) => {
      const result = await db.updateTable('accounts').set({ product }).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

/**
 * Adds the demo accounts that are missing (hashing only those), in the server's country: at every
 * start, on whichever database is configured (a fresh Postgres gets them as a fresh SQLite does).
 */
export async function seedDemoAccounts(db: Kysely<Database>, country: string): Promise<void> {
  const store = createAccountStore(db);
  for (const demo of DEMO_ACCOUNTS) {
    if ((await store.byUsername(demo.username)) !== null) continue;
    await store.create({
      id: newAccountId(),
      username: demo.username,
      displayName: demo.displayName,
      passwordHash: await hashPassword(demo.password),
      product: demo.product,
      country,
    });
  }
}
