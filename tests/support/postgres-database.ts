/**
 * Fresh databases on the PostgreSQL server at `adminUrl` (TEST_DATABASE_URL), one per suite's
 * target: created under a random name, dropped again (with its connections) by drop().
 *
 *   - `createScratchDatabase`: empty, for the tests about migrating and first starts;
 *   - `createMigratedDatabase`: a copy (`CREATE DATABASE … TEMPLATE`) of a database the server has
 *     already bootstrapped and migrated, holding no rows: what every other suite starts from. The
 *     template is built once per PostgreSQL server and schema (its name carries schema-hash.ts's
 *     hash), by the server's own `openDatabase`, so it is exactly what a first start leaves.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/index.ts';
import { schemaHash } from './schema-hash.ts';

export interface ScratchDatabase {
  /** A connection string to the new database. */
  url: string;
  drop(): Promise<void>;
}

async function asAdmin<T = unknown>(adminUrl: string, sql: string): Promise<T[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  // Ended by the server mid-query, the query rejects; the client's own 'error' must not crash.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    return (await admin.query(sql)).rows as T[];
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// Names are safe to put in SQL as they are: fixed prefixes and hex digits.
const randomName = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

async function createDatabase(adminUrl: string, template?: string): Promise<ScratchDatabase> {
  const name = randomName('signwall_test');
  await asAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => asAdmin(adminUrl, `drop database if exists ${name} with (force)`).then(() => {}),
  };
}

export function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  return createDatabase(adminUrl);
}

/** The migrated template's name on this server, built first if it is not there yet. */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const template = `signwall_template_${schemaHash()}`;
  const exists = await asAdmin(
    adminUrl,
    `select 1 from pg_database where datname = '${template}' and datistemplate`,
  );
  if (exists.length > 0) return template;
  // Built under a name of its own, then renamed into place: a test process that gets there first
  // wins, and nobody ever copies a half-migrated template.
  const building = await createDatabase(adminUrl);
  try {
    const db = await openDatabase({ databaseUrl: building.url });
    await db.close();
    const name = new URL(building.url).pathname.slice(1);
    // One transaction: renamed and marked together. No connections to a template, so `create
    // database … template` never finds one open.
    await asAdmin(
      adminUrl,
      `alter database ${name} rename to ${template};` +
        ` alter database ${template} is_template true allow_connections false`,
    );
  } catch (error) {
    await building.drop();
    const built = await asAdmin(
      adminUrl,
      `select 1 from pg_database where datname = '${template}' and datistemplate`,
    );
    if (built.length === 0) throw error;
  }
  return template;
}

export async function createMigratedDatabase(adminUrl: string): Promise<ScratchDatabase> {
  return createDatabase(adminUrl, await migratedTemplate(adminUrl));
}
