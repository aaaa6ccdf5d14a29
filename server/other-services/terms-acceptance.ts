import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Records that an account accepted `licence` at `at` (spec 001 §7 Terms): one row per account, the latest acceptance. */
export async function recordTermsAcceptance(db: Kysely<Database>, accountId: string, licence: string, at: number): Promise<void> {
  await db
    .insertInto('terms_acceptances')
    .values({ account_id: accountId, license: licence, accepted_at: at })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ license: licence, accepted_at: at }))
    .execute();
}
