/**
 * Creates a back-office account on the configured database:
 *
 *   npm run staff -- create --email boss@hiram.ph --name "Ana Cruz" --roles admin,finance
 *
 * The password is read from STAFF_PASSWORD, or asked for on the terminal; there is never a default.
 * Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR (stop the server first: PGlite
 * allows one process at a time).
 */
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { staffSave } from '../src/shared/contracts/back-office';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createStaff } from '../src/server/features/back-office/staff/staff-service';

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('Set STAFF_PASSWORD, or run this in a terminal to be asked for it');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question('Password (12 characters or more): ');
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, roles: { type: 'string', default: 'admin' } },
  });
  if (positionals[0] !== 'create') {
    console.error('Usage: npm run staff -- create --email <e-mail> --name <name> [--roles admin,finance]');
    process.exit(2);
  }
  const password = process.env.STAFF_PASSWORD ?? (await askPassword());
  // The same rules as the back office's own form.
  const parsed = staffSave.request.safeParse({
    email: values.email,
    name: values.name ?? values.email,
    roles: values.roles,
    password,
  });
  if (!parsed.success || !parsed.data.password) {
    console.error(
      parsed.success
        ? 'A password is required'
        : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'),
    );
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR, 'pglite') });
  await database.migrate();
  try {
    const member = await createStaff(database.db, { ...parsed.data, password: parsed.data.password });
    console.log(`Created ${member.email} with roles ${member.roles.join(', ')}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
