/**
 * Which databases the database, API and attack tests run against: PGlite always, and PostgreSQL
 * too when TEST_DATABASE_URL names a server (it creates a database per suite there). CI runs
 * `npm test` as a clean clone does, on PGlite alone, then the same files on PostgreSQL alone
 * (`npm run test:postgres`: TEST_BACKENDS=postgres), so neither database runs them twice.
 */
const url = process.env.TEST_DATABASE_URL || undefined;
const only = process.env.TEST_BACKENDS;

if (only !== undefined && only !== 'pglite' && only !== 'postgres') {
  throw new Error(`TEST_BACKENDS is 'pglite' or 'postgres', not '${only}'`);
}
if (only === 'postgres' && !url) {
  throw new Error('TEST_BACKENDS=postgres needs TEST_DATABASE_URL (a PostgreSQL server to use)');
}

/** The PostgreSQL server to create test databases on; undefined: PGlite only. */
export const POSTGRES_URL: string | undefined = only === 'pglite' ? undefined : url;

/** Whether the tests run on PGlite too (all but TEST_BACKENDS=postgres). */
export const WITH_PGLITE: boolean = only !== 'postgres';
