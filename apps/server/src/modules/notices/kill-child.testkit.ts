import { openDatabase } from '../../db/client.ts';
import { noticeDeliveries } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';

/**
 * Run as a child process by the PostgreSQL test: writes a notice in its own committed
 * transaction, claims it as a sender would (a lease), and is killed outright (SIGKILL) before any
 * send. Arguments: database URL, member id, event key, lease end (ISO).
 */
const [url, memberId, key, leaseUntil] = process.argv.slice(2);
const db = await openDatabase({ databaseUrl: url!, pgliteDir: ':memory:' });
await db.db.transaction(async (tx) => {
  await tx.insert(noticeDeliveries).values({
    memberId: Number(memberId),
    kind: 'shipped',
    channel: 'sms',
    params: { orderNo: 'K1', carrier: '顺丰速运', waybillNo: 'SF9', link: '/home/logistics' },
    idemKey: key!,
  });
});
await db.db
  .update(noticeDeliveries)
  .set({ leaseUntil: new Date(leaseUntil!), attempts: 1 })
  .where(eq(noticeDeliveries.idemKey, key!));
process.kill(process.pid, 'SIGKILL');
