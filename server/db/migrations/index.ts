import type { Migration, MigrationProvider } from 'kysely';
import { migration001 } from './001_initial';
import { migration003 } from './003_list_order';
import { migration004 } from './004_connect_state';
import { migration005 } from './005_other_services';
import { migration006 } from './006_genres';
import { migration007 } from './007_video';
import { migration008 } from './008_captures';

/**
 * Issue 14: every migration, by name in the order they apply (Kysely's Migrator sorts by name, so
 * each is NNN_name, NNN one more than the last). Listed here rather than read from the folder, so
 * esbuild bundles them into dist/server/main.js. A new migration: a new file beside this one and a
 * line below; a name once applied somewhere is never renamed or edited.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001_initial': migration001,
  '003_list_order': migration003,
  '004_connect_state': migration004,
  '005_other_services': migration005,
  '006_genres': migration006,
  '007_video': migration007,
  '008_captures': migration008,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };
