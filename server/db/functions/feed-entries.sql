-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

-- Statement triggers keep feed_entries equal to its three sources; an update is a delete and an
-- insert of the rows it touched. Users being deleted are skipped (their entries go by cascade).
CREATE OR REPLACE FUNCTION "feed_entries_follow_activities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM feed_entries f USING old_rows o WHERE f.kind = 'activity' AND f.entry_id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO feed_entries (kind, entry_id, user_id, at, name, moving_time, is_strava, is_public)
    -- An activity private at its provider (Strava only-me) is never public, whatever the user's switch.
    SELECT 'activity', n.id, n.user_id, n.start_at, n.name, n.moving_time, n.source = 'strava', NOT u.is_private_activity AND NOT n.is_private
      FROM new_rows n JOIN users u ON u.id = n.user_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "feed_entries_follow_steps"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;

CREATE OR REPLACE FUNCTION "feed_entries_follow_events"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;

CREATE OR REPLACE FUNCTION "feed_entries_clear_kind"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM feed_entries WHERE kind = TG_ARGV[0];
  RETURN NULL;
END
$$;

-- A user's privacy switch moves all their entries in or out of the public ranges at once.
CREATE OR REPLACE FUNCTION "feed_entries_follow_privacy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE feed_entries f SET is_public = NOT n.is_private_activity
         AND NOT (f.kind = 'activity' AND EXISTS (SELECT 1 FROM activities a WHERE a.id = f.entry_id AND a.is_private))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.is_private_activity IS DISTINCT FROM o.is_private_activity AND f.user_id = n.id;
  RETURN NULL;
END
$$;
