-- Provider columns become text with a format check instead of a list of names (src/domain/tracker-providers.ts):
-- a new provider needs no migration. Every existing value (STRAVA, FITBIT, manual, strava, fitbit) passes the checks; no row changes.
-- tracker_webhooks keeps a provider's webhook (Polar's signature secret, sealed); pending withdrawals keep the athlete's provider id.
CREATE TABLE "tracker_webhooks" (
	"service" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"signature_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_webhooks_service_format" CHECK ("tracker_webhooks"."service" ~ '^[A-Z][A-Z0-9_]{0,31}$')
);
--> statement-breakpoint
ALTER TABLE "tracker_pending_revokes" ADD COLUMN "external_user_id" text;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_source_format" CHECK ("activities"."source" = 'manual' or "activities"."source" ~ '^[a-z][a-z0-9_]{0,31}$');--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_service_format" CHECK ("oauth_states"."service" ~ '^[A-Z][A-Z0-9_]{0,31}$');--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD CONSTRAINT "tracker_connections_service_format" CHECK ("tracker_connections"."service" ~ '^[A-Z][A-Z0-9_]{0,31}$');--> statement-breakpoint
ALTER TABLE "tracker_duplicates" ADD CONSTRAINT "tracker_duplicates_source_format" CHECK ("tracker_duplicates"."source" ~ '^[a-z][a-z0-9_]{0,31}$');--> statement-breakpoint
ALTER TABLE "tracker_failures" ADD CONSTRAINT "tracker_failures_service_format" CHECK ("tracker_failures"."service" ~ '^[A-Z][A-Z0-9_]{0,31}$');--> statement-breakpoint
ALTER TABLE "tracker_pending_revokes" ADD CONSTRAINT "tracker_pending_revokes_service_format" CHECK ("tracker_pending_revokes"."service" ~ '^[A-Z][A-Z0-9_]{0,31}$');