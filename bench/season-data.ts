/**
 * A season's data on PostgreSQL, made with generate_series as bench:season makes it (three persons
 * an order, photos for a tenth, refunds for a fiftieth), grown in steps so one database can be
 * measured at 1 and then 3 million orders, and with payments: every order past unpaid (110) has
 * its paid WeChat payment. Each member has 20 orders, so a member's own data is the same at every
 * size and only the season grows. Rows take ids after whatever the database already holds (the
 * server's own writes between two steps included).
 */
import type pg from 'pg';

export const PERSONS_PER_ORDER = 3;
export const ORDERS_PER_MEMBER = 20;

export interface SeasonGrowth {
  /** The members made by this step: ids lo..hi, mobile '139' + the id on 8 digits. */
  members: { lo: number; hi: number };
  orders: number;
  persons: number;
  photos: number;
  payments: number;
  refunds: number;
  seconds: number;
}

const maxId = async (c: pg.Client, table: string) =>
  Number((await c.query<{ m: string | null }>(`select max(id) as m from ${table}`)).rows[0]!.m ?? 0);

/** The identity sequence of a table continues after the rows written with explicit ids. */
const follow = (c: pg.Client, table: string) =>
  c.query(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select max(id) from ${table})))`);

/** Adds `orders` orders (rounded down to a multiple of 20; generatedSoFar: the orders earlier steps made) to the season, with their members, persons, photos, payments and refunds. */
export async function growSeason(c: pg.Client, orders: number, generatedSoFar = 0): Promise<SeasonGrowth> {
  // The season's own order numbers follow the orders generated before, whatever the server wrote.
  const gb = generatedSoFar;
  const t0 = Date.now();
  const n = Math.floor(orders / ORDERS_PER_MEMBER) * ORDERS_PER_MEMBER;
  const members = n / ORDERS_PER_MEMBER;
  const [mb, ob, pb] = [await maxId(c, 'members'), await maxId(c, 'orders'), await maxId(c, 'photos')];
  await c.query(`insert into members (id, mobile, name, is_first) overriding system value
    select ${mb} + k, '139' || lpad((${mb} + k)::text, 8, '0'), '学生' || (${mb} + k), false
    from generate_series(1, ${members}) k`);
  // Order i (1..n) of this step: id ob + i, member mb + ceil(i / 20), season number g = gb + i.
  await c.query(`insert into orders (id, order_no, member_id, kind, type, state, unit_price_fen, total_fen, created_at, updated_at)
    overriding system value
    select ${ob} + i,
           case when g % 3 = 2 then '000000' else '' end || to_char(timestamp '2026-05-01' + (g || ' seconds')::interval, 'YYYYMMDDHH24MISS') || lpad((g % 1000000)::text, 6, '0'),
           ${mb} + (i + ${ORDERS_PER_MEMBER - 1}) / ${ORDERS_PER_MEMBER},
           (array['individual','reprint','task'])[(g % 3) + 1],
           case when g % 3 = 1 then 2 else 1 end,
           (array[110,115,116,120,125,130,140,145,150])[(g % 9) + 1],
           4500, 13500,
           timestamp '2026-05-01' + (g || ' seconds')::interval,
           timestamp '2026-05-01' + (g || ' seconds')::interval
    from generate_series(1, ${n}) i, lateral (select ${gb} + i as g) s`);
  // Every tenth order's persons have a stored photo: photo id pb + (i / 10 - 1) * 3 + k + 1.
  await c.query(`insert into photos (id, member_id, storage_key, sha256, bytes, width, height, passed, check_result)
    overriding system value
    select ${pb} + (i / 10 - 1) * ${PERSONS_PER_ORDER} + k + 1, ${mb} + (i + ${ORDERS_PER_MEMBER - 1}) / ${ORDERS_PER_MEMBER},
           'photos/' || md5(((${ob} + i) * ${PERSONS_PER_ORDER} + k)::text), md5((${ob} + i)::text || k::text), 60000, 480, 640, true, '{}'::jsonb
    from generate_series(10, ${n}, 10) i, generate_series(0, ${PERSONS_PER_ORDER - 1}) k`);
  await c.query(`insert into order_details (order_id, name, mobile, id_type, id_num_hash, id_num_mask, school_name, yxdm, education, student_id, photo_id)
    select ${ob} + i, '学生' || (p), '138' || lpad((p % 100000000)::text, 8, '0'), 1,
           md5(p::text), '110***********0000', '学校' || (g % 2919), lpad((10001 + g % 2919)::text, 5, '0'), 2,
           lpad(p::text, 12, '0'),
           case when i % 10 = 0 then ${pb} + (i / 10 - 1) * ${PERSONS_PER_ORDER} + k + 1 end
    from generate_series(1, ${n}) i, generate_series(0, ${PERSONS_PER_ORDER - 1}) k,
         lateral (select ${gb} + i as g, (${gb} + i) * ${PERSONS_PER_ORDER} + k as p) s`);
  await c.query(`insert into payments (payment_no, order_id, provider, pay_type, amount_fen, state, provider_trade_no, expires_at, paid_at, created_at, updated_at)
    select 'S' || lpad(o.id::text, 15, '0'), o.id, 'wechat', 2, o.total_fen, 'paid', '4200' || lpad(o.id::text, 16, '0'),
           o.created_at + interval '2 hours', o.created_at + interval '3 minutes', o.created_at, o.created_at
    from orders o where o.id > ${ob} and o.state <> 110`);
  // One order in fifty has a refund, one in five of those cancelled.
  await c.query(`insert into refunds (refund_no, order_id, amount_fen, status, cancelled)
    select 'R' || lpad((${ob} + i)::text, 12, '0'), ${ob} + i, 13500, (i / 50) % 5 + 1, i % 250 = 0
    from generate_series(50, ${n}, 50) i`);
  for (const t of ['members', 'orders', 'photos']) await follow(c, t);
  await c.query('analyze');
  const payments = Number(
    (await c.query<{ n: string }>(`select count(*) as n from payments where order_id > ${ob}`)).rows[0]!.n,
  );
  return {
    members: { lo: mb + 1, hi: mb + members },
    orders: n,
    persons: n * PERSONS_PER_ORDER,
    photos: (n / 10) * PERSONS_PER_ORDER,
    payments,
    refunds: Math.floor(n / 50),
    seconds: (Date.now() - t0) / 1000,
  };
}
