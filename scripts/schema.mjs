// `npm run schema`: regenerates supabase/schema.sql from the migrations (scripts/schema/dump.ts).
// Needs a PostgreSQL server and its pg_dump: SCHEMA_DATABASE_URL, or TEST_DATABASE_URL, names a
// database there that the role may create databases next to. Plain JavaScript, so that a Node too
// old for TypeScript gets one line from the check (check-node.cjs) before anything else.
import './check-node.cjs';

const { writeFile } = await import('node:fs/promises');
const { fileURLToPath } = await import('node:url');
const { dumpMigratedSchema, SCHEMA_FILE } = await import('./schema/dump.ts');

const adminUrl = process.env.SCHEMA_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error(
    'npm run schema needs PostgreSQL: set SCHEMA_DATABASE_URL (or TEST_DATABASE_URL), e.g. ' +
      'postgres://postgres:postgres@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}
await writeFile(SCHEMA_FILE, await dumpMigratedSchema(adminUrl));
console.log(`wrote ${fileURLToPath(SCHEMA_FILE)}`);
