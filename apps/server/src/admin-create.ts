import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { staffSaveBody } from '@portal/contract/console';
import { MESSAGES, type MessageKey } from '@portal/contract/messages';
import { message } from './http/lang.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { staffUsers } from './db/schema.ts';
import { hashPassword, writeAudit } from './modules/staff/public.ts';

/**
 * `npm run admin:create -- --username <name> [--name <display name>] [--password-file <file>] [--reset]`
 *
 * Creates a console admin in the configured database (production creates none by itself). With
 * `--reset`, sets a new password on an existing account instead (a forgotten demo or admin
 * password; the account keeps its role and two-step verification).
 * The password is read from the file's first line, else typed twice at a hidden prompt, else
 * (piped) from the first line of standard input. Nothing secret is printed.
 */
const USAGE =
  'usage: npm run admin:create -- --username <name> [--name <display name>] [--password-file <file>] [--reset]';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** A prompt that does not echo what is typed. */
function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  Object.assign(rl, { _writeToOutput: (s: string) => s.startsWith(question) && process.stdout.write(question) });
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function readPassword(file: string | undefined): Promise<string> {
  if (file) return fs.readFileSync(file, 'utf8').split(/\r?\n/)[0];
  if (process.stdin.isTTY) {
    const first = await askHidden('Password: ');
    if (first !== (await askHidden('Password again: '))) fail('The two passwords differ; nothing was created.');
    return first;
  }
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      'password-file': { type: 'string' },
      reset: { type: 'boolean' },
    },
  });
  if (!values.username) fail(USAGE, 2);
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message, 2);
    throw e;
  }
  const password = await readPassword(values['password-file']);
  const input = staffSaveBody.safeParse({
    username: values.username,
    name: values.name ?? values.username,
    role: 'admin',
    password,
  });
  if (!input.success)
    fail(
      `Not created: ${input.error.issues.map((i) => (i.message in MESSAGES ? message('en', i.message as MessageKey) : `${i.path.join('.')}: ${i.message}`)).join('; ')}`,
    );

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const { username, name } = input.data;
    if (values.reset) return await resetPassword(database.db, username, password);
    const created = await database.db.transaction(async (tx) => {
      const [same] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(eq(staffUsers.username, username))
        .limit(1);
      if (same) return null;
      const [row] = await tx
        .insert(staffUsers)
        .values({ username, name, role: 'admin', passwordHash: await hashPassword(password) })
        .returning({ id: staffUsers.id });
      await writeAudit(tx, null, {
        action: 'staff.create',
        targetKind: 'staff',
        targetId: row.id,
        after: { username, name, role: 'admin', by: 'admin:create' },
      });
      return row.id;
    });
    if (created === null) fail(`A staff account named "${username}" already exists; nothing was changed.`);
    console.log(
      `Console admin "${username}" created (id ${created}). Log in at /console and set up two-step verification under Account security.`,
    );
  } finally {
    await database.close();
  }
}

/** `--reset`: the account's new password, audited like an edit on the staff page; nothing secret printed. */
async function resetPassword(db: Database['db'], username: string, password: string) {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(staffUsers.username, username))
      .returning({ id: staffUsers.id });
    if (!row) return null;
    await writeAudit(tx, null, {
      action: 'staff.update',
      targetKind: 'staff',
      targetId: row.id,
      after: { username, passwordChanged: true, by: 'admin:create --reset' },
    });
    return row.id;
  });
  if (changed === null) fail(`No staff account named "${username}"; nothing was changed.`);
  console.log(`New password set for "${username}" (id ${changed}). Log in at /console.`);
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
