-- An imported workout's other sources: the providers that reported the same workout (recorded in
-- tracker_duplicates) are shown with it ("From Strava · also recorded by Fitbit"). Kept on the row, so
-- every reader of an activity (the month read model, single rows, the month from rows) has it as a
-- column; a statement trigger on tracker_duplicates keeps it. Function bodies: server/db/functions/month-views.sql.
ALTER TABLE "activities" ADD COLUMN "also_recorded_by" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION "activities_sources_refresh"(p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE activities a SET also_recorded_by = s.sources
  FROM (
    SELECT i.id, coalesce((SELECT array_agg(DISTINCT d.source ORDER BY d.source) FROM tracker_duplicates d WHERE d.activity_id = i.id), '{}'::text[]) AS sources
    FROM (SELECT DISTINCT unnest(p_ids) AS id) i
  ) s
  WHERE a.id = s.id AND a.also_recorded_by IS DISTINCT FROM s.sources;
END
$$;--> statement-breakpoint
CREATE FUNCTION "activities_follow_duplicates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE activities SET also_recorded_by = '{}'::text[] WHERE also_recorded_by <> '{}'::text[];
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM activities_sources_refresh(array_agg(activity_id)) FROM new_rows;
  ELSE
    PERFORM activities_sources_refresh(array_agg(activity_id)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tracker_duplicates_sources_insert" AFTER INSERT ON "tracker_duplicates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activities_follow_duplicates();--> statement-breakpoint
CREATE TRIGGER "tracker_duplicates_sources_delete" AFTER DELETE ON "tracker_duplicates" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activities_follow_duplicates();--> statement-breakpoint
CREATE TRIGGER "tracker_duplicates_sources_truncate" AFTER TRUNCATE ON "tracker_duplicates" FOR EACH STATEMENT EXECUTE FUNCTION activities_follow_duplicates();--> statement-breakpoint
SELECT activities_sources_refresh(array_agg(DISTINCT activity_id)) FROM tracker_duplicates;
