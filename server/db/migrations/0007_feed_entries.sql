CREATE TABLE "feed_entries" (
	"kind" text NOT NULL,
	"entry_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"name" text,
	"moving_time" integer,
	"is_in_the_top_three" boolean DEFAULT false NOT NULL,
	"is_strava" boolean NOT NULL,
	"is_public" boolean NOT NULL,
	CONSTRAINT "feed_entries_kind_entry_id_pk" PRIMARY KEY("kind","entry_id")
);
--> statement-breakpoint
ALTER TABLE "feed_entries" ADD CONSTRAINT "feed_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_entries_public_idx" ON "feed_entries" USING btree ("at" DESC NULLS LAST,"kind","entry_id" DESC NULLS LAST) WHERE "feed_entries"."is_public";--> statement-breakpoint
CREATE INDEX "feed_entries_public_manual_idx" ON "feed_entries" USING btree ("at" DESC NULLS LAST,"kind","entry_id" DESC NULLS LAST) WHERE "feed_entries"."is_public" and not "feed_entries"."is_strava";--> statement-breakpoint
CREATE INDEX "feed_entries_user_idx" ON "feed_entries" USING btree ("user_id","at" DESC NULLS LAST,"kind","entry_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feed_entries_own_hidden_idx" ON "feed_entries" USING btree ("user_id","at" DESC NULLS LAST,"kind","entry_id" DESC NULLS LAST) WHERE not "feed_entries"."is_public" or "feed_entries"."is_strava";--> statement-breakpoint
CREATE INDEX "feed_entries_own_private_idx" ON "feed_entries" USING btree ("user_id","at" DESC NULLS LAST,"kind","entry_id" DESC NULLS LAST) WHERE not "feed_entries"."is_public";--> statement-breakpoint
-- Statement triggers keep feed_entries equal to its three sources; an update is a delete and an
-- insert of the rows it touched. Users being deleted are skipped (their entries go by cascade).
CREATE FUNCTION "feed_entries_follow_activities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM feed_entries f USING old_rows o WHERE f.kind = 'activity' AND f.entry_id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO feed_entries (kind, entry_id, user_id, at, name, moving_time, is_strava, is_public)
    SELECT 'activity', n.id, n.user_id, n.start_at, n.name, n.moving_time, n.source = 'strava', NOT u.is_private_activity
      FROM new_rows n JOIN users u ON u.id = n.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "feed_entries_follow_steps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM feed_entries f USING old_rows o WHERE f.kind = 'steps' AND f.entry_id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO feed_entries (kind, entry_id, user_id, at, is_strava, is_public)
    SELECT 'steps', n.id, n.user_id, n.date::timestamp AT TIME ZONE 'UTC', false, NOT u.is_private_activity
      FROM new_rows n JOIN users u ON u.id = n.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "feed_entries_follow_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM feed_entries f USING old_rows o WHERE f.kind = 'event' AND f.entry_id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO feed_entries (kind, entry_id, user_id, at, is_in_the_top_three, is_strava, is_public)
    SELECT 'event', n.id, n.user_id, n.date::timestamp AT TIME ZONE 'UTC', n.is_in_the_top_three, false, NOT u.is_private_activity
      FROM new_rows n JOIN users u ON u.id = n.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "feed_entries_clear_kind"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM feed_entries WHERE kind = TG_ARGV[0];
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A user's privacy switch moves all their entries in or out of the public ranges at once.
CREATE FUNCTION "feed_entries_follow_privacy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE feed_entries f SET is_public = NOT n.is_private_activity
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.is_private_activity IS DISTINCT FROM o.is_private_activity AND f.user_id = n.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activities_feed_insert" AFTER INSERT ON "activities" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_activities();--> statement-breakpoint
CREATE TRIGGER "activities_feed_update" AFTER UPDATE ON "activities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_activities();--> statement-breakpoint
CREATE TRIGGER "activities_feed_delete" AFTER DELETE ON "activities" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_activities();--> statement-breakpoint
CREATE TRIGGER "activities_feed_truncate" AFTER TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_clear_kind('activity');--> statement-breakpoint
CREATE TRIGGER "steps_feed_insert" AFTER INSERT ON "daily_step_achievements" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_steps();--> statement-breakpoint
CREATE TRIGGER "steps_feed_update" AFTER UPDATE ON "daily_step_achievements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_steps();--> statement-breakpoint
CREATE TRIGGER "steps_feed_delete" AFTER DELETE ON "daily_step_achievements" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_steps();--> statement-breakpoint
CREATE TRIGGER "steps_feed_truncate" AFTER TRUNCATE ON "daily_step_achievements" FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_clear_kind('steps');--> statement-breakpoint
CREATE TRIGGER "events_feed_insert" AFTER INSERT ON "event_participations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_events();--> statement-breakpoint
CREATE TRIGGER "events_feed_update" AFTER UPDATE ON "event_participations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_events();--> statement-breakpoint
CREATE TRIGGER "events_feed_delete" AFTER DELETE ON "event_participations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_events();--> statement-breakpoint
CREATE TRIGGER "events_feed_truncate" AFTER TRUNCATE ON "event_participations" FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_clear_kind('event');--> statement-breakpoint
CREATE TRIGGER "users_feed_privacy" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_entries_follow_privacy();--> statement-breakpoint
-- Entries for the rows already stored.
INSERT INTO feed_entries (kind, entry_id, user_id, at, name, moving_time, is_strava, is_public)
SELECT 'activity', a.id, a.user_id, a.start_at, a.name, a.moving_time, a.source = 'strava', NOT u.is_private_activity
  FROM activities a JOIN users u ON u.id = a.user_id;--> statement-breakpoint
INSERT INTO feed_entries (kind, entry_id, user_id, at, is_strava, is_public)
SELECT 'steps', s.id, s.user_id, s.date::timestamp AT TIME ZONE 'UTC', false, NOT u.is_private_activity
  FROM daily_step_achievements s JOIN users u ON u.id = s.user_id;--> statement-breakpoint
INSERT INTO feed_entries (kind, entry_id, user_id, at, is_in_the_top_three, is_strava, is_public)
SELECT 'event', e.id, e.user_id, e.date::timestamp AT TIME ZONE 'UTC', e.is_in_the_top_three, false, NOT u.is_private_activity
  FROM event_participations e JOIN users u ON u.id = e.user_id;
