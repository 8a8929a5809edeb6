-- Every instance keeps live sessions in memory (http/session-cache.ts). These triggers tell all
-- of them, on commit, whenever a session changes (ended, or touched: the idle timeout reads
-- last_seen_at, at most one touch per session per 30 s) or the member fields the guard reads
-- change, whoever wrote it. The payload is the member id.
CREATE FUNCTION notify_member_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'members' THEN
    PERFORM pg_notify('member_session', OLD.id::text);
  ELSE
    PERFORM pg_notify('member_session', OLD.member_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_member_session AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_member_session();
--> statement-breakpoint
CREATE TRIGGER members_notify_member_session AFTER UPDATE OF status, is_first, mobile, mail OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION notify_member_session();
