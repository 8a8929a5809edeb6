-- The fingerprints of the member's order list and of one order's page (modules/orders/reads.ts;
-- ARCHITECTURE.md, request path): for each table under the list or the page, the count of rows
-- and the sum of a 64-bit hash of each row's id and xmin, the transaction that wrote the row's
-- current version; any committed insert, update or delete below changes the text.
--
-- They are functions rather than subqueries in the freshness read because the read leaves them
-- out while the database's snapshot has not moved (a CASE branch not taken), and PostgreSQL
-- still opens, locks and initializes every subquery of a statement before running it: that
-- setup was most of the read's cost in the database. A function's queries are planned once per
-- connection and set up only when it is called. STABLE: its queries see the calling statement's
-- snapshot, the one the read reports beside the fingerprint.
CREATE FUNCTION member_order_list_fingerprint(p_member_id integer, p_kind text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN concat_ws('|',
    (SELECT count(*) || ':' || coalesce(sum(hashint8extended(o.xmin::text::bigint, o.id)), 0)
       FROM orders o WHERE o.member_id = p_member_id AND o.kind = p_kind),
    (SELECT count(*) || ':' || coalesce(sum(hashint8extended(d.xmin::text::bigint, d.id)), 0)
       FROM order_details d JOIN orders o ON o.id = d.order_id WHERE o.member_id = p_member_id AND o.kind = p_kind),
    (SELECT count(*) || ':' || coalesce(sum(hashint8extended(r.xmin::text::bigint, r.id)), 0)
       FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.member_id = p_member_id AND o.kind = p_kind));
END;
$$;
--> statement-breakpoint
-- One order's page: its row, its lines, its refunds and its lines' photos (a replaced photo
-- changes the line's picture).
CREATE FUNCTION order_fingerprint(p_order_id integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN concat_ws('|',
    (SELECT count(*) || ':' || coalesce(sum(hashint8extended(o.xmin::text::bigint, o.id)), 0)
       FROM orders o WHERE o.id = p_order_id),
    (SELECT count(*) || ':' || coalesce(sum(hashint8extended(d.xmin::text::bigint, d.id)), 0)
       FROM order_details d WHERE d.order_id = p_order_id),
    (SELECT count(*) || ':' || coalesce(sum(hashint8extended(r.xmin::text::bigint, r.id)), 0)
       FROM refunds r WHERE r.order_id = p_order_id),
    (SELECT count(*) || ':' || coalesce(sum(hashint8extended(p.xmin::text::bigint, p.id)), 0)
       FROM photos p JOIN order_details d ON d.photo_id = p.id WHERE d.order_id = p_order_id));
END;
$$;
