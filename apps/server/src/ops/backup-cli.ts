import path from 'node:path';
import { backup, restore, storageFromEnv } from './backup.ts';

/**
 * npm run backup -- <folder>    a new backup in <folder>/portal-<UTC time> (DATABASE_URL, STORAGE_DRIVER, S3_* or DATA_DIR)
 * npm run restore -- <backup>   into an EMPTY database (DATABASE_URL) and an empty bucket or uploads folder
 * README, "Backups". DATA_KEY is never read or written here: keep it apart from the backups.
 */
async function main(argv: string[]): Promise<void> {
  const [command, dir] = argv;
  const databaseUrl = process.env.DATABASE_URL;
  if ((command !== 'backup' && command !== 'restore') || !dir || !databaseUrl) {
    console.error(
      'usage: DATABASE_URL=postgres://... [STORAGE_DRIVER=s3 S3_...] backup-cli.ts backup|restore <folder>',
    );
    process.exit(2);
  }
  const storage = storageFromEnv(process.env);
  if (command === 'backup') {
    const outDir = path.join(dir, `portal-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const m = await backup({ databaseUrl, storage, outDir });
    const mb = m.storage.objects.reduce((s, o) => s + o.bytes, 0) / 1e6;
    console.log(
      `${outDir}: database ${(m.database.bytes / 1e6).toFixed(1)} MB in ${m.database.seconds.toFixed(1)} s; ` +
        `${m.storage.objects.length} objects, ${mb.toFixed(1)} MB in ${m.storage.seconds.toFixed(1)} s`,
    );
  } else {
    const r = await restore({ databaseUrl, storage, fromDir: dir });
    console.log(
      `restored: database in ${r.databaseSeconds.toFixed(1)} s; ${r.objects} objects in ${r.storageSeconds.toFixed(1)} s`,
    );
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
