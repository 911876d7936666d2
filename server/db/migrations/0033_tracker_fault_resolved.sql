-- A provider paused for a fault of the app's own set-up resumes at the first call that works again
-- (a sync, a webhook read, a token refresh): the call marks the open faults resolved.
ALTER TABLE "tracker_failures" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tracker_failures_open_operator_idx" ON "tracker_failures" USING btree ("service","at") WHERE operator and resolved_at is null;--> statement-breakpoint
-- Faults a later sync already ended under the former rule (newer last_synced_at) stay ended.
UPDATE "tracker_failures" f SET "resolved_at" = s.last_synced_at
FROM (SELECT service, max(last_synced_at) AS last_synced_at FROM "tracker_connections" GROUP BY service) s
WHERE f.operator AND f.service = s.service AND f.at < s.last_synced_at;
