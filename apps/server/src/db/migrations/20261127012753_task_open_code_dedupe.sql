-- Before a school's feature code becomes unique among active tasks (the next migration's
-- partial unique index): of active tasks sharing a school and a feature code (compared
-- case-insensitively), the first created stays active, and each later one, the kind a
-- branch could add over another's live link, is deactivated with an audit row naming it.
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY yxdm, upper(feature_code) ORDER BY id) AS n
  FROM tasks
  WHERE active
), closed AS (
  UPDATE tasks SET active = false, updated_at = now()
  FROM ranked
  WHERE tasks.id = ranked.id AND ranked.n > 1
  RETURNING tasks.id, tasks.yxdm, tasks.feature_code, tasks.fy
)
INSERT INTO audit_log (actor_kind, action, target_kind, target_id, before, after)
SELECT 'system', 'task.duplicateDeactivated', 'task', id::text,
  jsonb_build_object('active', true),
  jsonb_build_object('active', false, 'yxdm', yxdm, 'featureCode', feature_code, 'fy', fy)
FROM closed;
