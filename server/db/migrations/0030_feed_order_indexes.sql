-- The feed merges activities (start_at, id) with steps and events read in this order: midnight UTC
-- of their day, less 2 µs (steps) or 1 µs (events), so one key orders them (server/db/feed-sort-at.ts).
DROP INDEX "daily_step_achievements_date_idx";--> statement-breakpoint
DROP INDEX "event_participations_date_idx";--> statement-breakpoint
CREATE INDEX "daily_step_achievements_feed_idx" ON "daily_step_achievements" USING btree (((("date")::timestamp - interval '2 microseconds') at time zone 'UTC'),"id");--> statement-breakpoint
CREATE INDEX "event_participations_feed_idx" ON "event_participations" USING btree (((("date")::timestamp - interval '1 microsecond') at time zone 'UTC'),"id");