/**
 * The anchors of bench/api.ts, each run in its own process by the bench:
 *
 *   PORT=... node --import tsx bench/api-anchor.ts bare     bare Fastify, one route, the portal's envelope
 *   PORT=... node --import tsx bench/api-anchor.ts pg       the same + one prepared `select 1` through pg
 *   PORT=... node --import tsx bench/api-anchor.ts pglite   the same + one `select 1` on an embedded PGlite
 *
 * The envelope is the portal's own shape and is signed the same way (sha256 of code, timestamp and
 * secret), so the anchors do the least work an answer of this API can do. No logger, no hooks.
 * PG_URL names the database of the pg anchor; PGLITE_DIR the folder of the PGlite one.
 */
import crypto from 'node:crypto';
import Fastify from 'fastify';

const mode = process.argv[2];
const SECRET = 'anchor-secret';

function envelope(data: unknown) {
  const timestamp = Date.now();
  const sign = crypto.createHash('sha256').update(`200${timestamp}${SECRET}`).digest('hex');
  return { code: 200, msg: 'success', data, timestamp, sign };
}

async function main() {
  const app = Fastify({ logger: false });
  if (mode === 'bare') {
    app.get('/anchor', async () => envelope({ status: 'ok' }));
  } else if (mode === 'pg') {
    const { default: pg } = await import('pg');
    // The portal's pool size, so both sides have the same number of connections to wait on.
    const pool = new pg.Pool({ connectionString: process.env.PG_URL, max: 10 });
    app.get('/anchor', async () => {
      const r = await pool.query({ name: 'anchor_one', text: 'select 1 as one' });
      return envelope(r.rows[0]);
    });
  } else if (mode === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(process.env.PGLITE_DIR);
    await client.waitReady;
    app.get('/anchor', async () => {
      const r = await client.query<{ one: number }>('select 1 as one');
      return envelope(r.rows[0]);
    });
  } else {
    throw new Error(`unknown anchor ${mode}: bare, pg or pglite`);
  }
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
