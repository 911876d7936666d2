-- Strava webhook events are kept until applied (retries, restarts, reconnects; a repeated event is one row),
-- a failed withdrawal at a provider is tried again, and Google connections remember their last whole-window read.
CREATE TABLE "strava_webhook_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" text,
	"owner_id" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"aspect_type" text NOT NULL,
	"event_time" bigint,
	"updates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"parked" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracker_pending_revokes" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"user_id" integer,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN "last_full_sync_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "strava_webhook_events_event_idx" ON "strava_webhook_events" USING btree ("owner_id","object_type","object_id","aspect_type","event_time","subscription_id");--> statement-breakpoint
CREATE INDEX "strava_webhook_events_due_idx" ON "strava_webhook_events" USING btree ("next_attempt_at") WHERE done_at is null and not parked;--> statement-breakpoint
CREATE INDEX "strava_webhook_events_owner_read_idx" ON "strava_webhook_events" USING btree ("owner_id","read_at");