import { randomBytes } from 'node:crypto';
import type { Db } from '../db/open-database';
import { hashPasswordSync } from './passwords';

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

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  passwordHash: row.password_hash,
  product: row.product === 'premium' ? 'premium' : 'free',
  country: row.country,
});

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
  byUsername(username: string): Account | null;
  byId(id: string): Account | null;
  /** Inserts a new account; false when the username is taken. */
  create(account: Account): boolean;
  /** Changes an account's product; false when there is no such account. */
  setProduct(id: string, product: Product): boolean;
}

export function createAccountStore(db: Db): AccountStore {
  const byUsername = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE username = ?');
  const byId = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?');
  const insert = db.prepare(
    `INSERT OR IGNORE INTO accounts (id, username, display_name, password_hash, product, country)
     VALUES (@id, @username, @displayName, @passwordHash, @product, @country)`,
  );
  const updateProduct = db.prepare<[Product, string]>('UPDATE accounts SET product = ? WHERE id = ?');
  return {
    byUsername: (username) => {
      const row = byUsername.get(username);
      return row === undefined ? null : toAccount(row);
    },
    byId: (id) => {
      const row = byId.get(id);
      return row === undefined ? null : toAccount(row);
    },
    create: (account) => insert.run(account).changes === 1,
    setProduct: (id, product) => updateProduct.run(product, id).changes === 1,
  };
}

/** Adds the demo accounts that are missing (hashing only those), in the server's country. */
export function seedDemoAccounts(db: Db, country: string): void {
  const store = createAccountStore(db);
  for (const demo of DEMO_ACCOUNTS) {
    if (store.byUsername(demo.username) !== null) continue;
    store.create({
      id: newAccountId(),
      username: demo.username,
      displayName: demo.displayName,
      passwordHash: hashPasswordSync(demo.password),
      product: demo.product,
      country,
    });
  }
}
