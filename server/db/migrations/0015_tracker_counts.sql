CREATE TABLE "tracker_counts" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"strava" integer NOT NULL,
	"fitbit" integer NOT NULL,
	"connected_users" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "tracker_counts_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('tracker_counts'));
  INSERT INTO tracker_counts AS c (id, strava, fitbit, connected_users)
  SELECT true, count(*) FILTER (WHERE service = 'STRAVA'), count(*) FILTER (WHERE service = 'FITBIT'), count(DISTINCT user_id) FROM tracker_connections
  ON CONFLICT (id) DO UPDATE SET strava = excluded.strava, fitbit = excluded.fitbit, connected_users = excluded.connected_users;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tracker_connections_counts" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tracker_connections" FOR EACH STATEMENT EXECUTE FUNCTION tracker_counts_refresh();--> statement-breakpoint
INSERT INTO tracker_counts (id, strava, fitbit, connected_users)
SELECT true, count(*) FILTER (WHERE service = 'STRAVA'), count(*) FILTER (WHERE service = 'FITBIT'), count(DISTINCT user_id) FROM tracker_connections;
