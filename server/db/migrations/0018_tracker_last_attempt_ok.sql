-- Whether the last sync attempt worked: the screen says "last attempt failed" by this, not by comparing times.
ALTER TABLE "tracker_connections" ADD COLUMN "last_attempt_ok" boolean;