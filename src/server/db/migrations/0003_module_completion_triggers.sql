-- module_completion_counts.completed = count(*) FROM module_progress WHERE is_completed, per module, kept by the
-- database itself so every writer (the learning service, cascades from deleted users and modules) is covered.
-- Statement-level triggers with transition tables: one grouped upsert per statement, so bulk writes pay once per
-- statement, and writes that do not change is_completed (most progress updates) do not touch the counts at all.
--
-- Adds per-module deltas. Rows are upserted in module_id order so concurrent statements lock them in the same
-- order; a count that reaches zero is removed, which is also how a deleted module's row goes away.
CREATE FUNCTION module_completion_counts_add(module_ids uuid[], deltas integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO module_completion_counts AS c (module_id, completed)
  SELECT u.module_id, u.delta FROM unnest(module_ids, deltas) AS u(module_id, delta)
  WHERE u.delta <> 0 ORDER BY u.module_id
  ON CONFLICT (module_id) DO UPDATE SET completed = c.completed + excluded.completed;
  DELETE FROM module_completion_counts WHERE completed = 0 AND module_id = ANY (module_ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION module_completion_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM module_completion_counts_add(array_agg(module_id), array_agg(n))
  FROM (SELECT module_id, count(*)::int AS n FROM new_rows WHERE is_completed GROUP BY module_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION module_completion_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM module_completion_counts_add(array_agg(module_id), array_agg(n))
  FROM (
    SELECT module_id, sum(delta)::int AS n
    FROM (SELECT module_id, 1 AS delta FROM new_rows WHERE is_completed
          UNION ALL
          SELECT module_id, -1 AS delta FROM old_rows WHERE is_completed) changes
    GROUP BY module_id
  ) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION module_completion_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM module_completion_counts_add(array_agg(module_id), array_agg(-n))
  FROM (SELECT module_id, count(*)::int AS n FROM old_rows WHERE is_completed GROUP BY module_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION module_completion_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM module_completion_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER module_completion_counts_insert AFTER INSERT ON module_progress
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_completion_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER module_completion_counts_update AFTER UPDATE ON module_progress
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_completion_counts_updated();
--> statement-breakpoint
CREATE TRIGGER module_completion_counts_delete AFTER DELETE ON module_progress
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_completion_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER module_completion_counts_truncate AFTER TRUNCATE ON module_progress
  FOR EACH STATEMENT EXECUTE FUNCTION module_completion_counts_truncated();
--> statement-breakpoint
-- Backfill after the triggers exist: CREATE TRIGGER locked module_progress against writes until this migration
-- commits, so nothing written by another process can fall between the count and the triggers.
INSERT INTO module_completion_counts (module_id, completed)
SELECT module_id, count(*)::int FROM module_progress WHERE is_completed GROUP BY module_id;
