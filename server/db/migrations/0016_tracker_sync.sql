CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service" text NOT NULL,
	"code_verifier" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_budgets" (
	"provider" text NOT NULL,
	"window" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"limit" integer NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "provider_budgets_provider_window_pk" PRIMARY KEY("provider","window")
);
--> statement-breakpoint
CREATE TABLE "tracker_duplicates" (
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "tracker_duplicates_user_id_source_external_id_pk" PRIMARY KEY("user_id","source","external_id")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "external_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN "status" text DEFAULT 'connected' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN "granted_scope" text;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN "last_result" text;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_duplicates" ADD CONSTRAINT "tracker_duplicates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_duplicates" ADD CONSTRAINT "tracker_duplicates_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_duplicates_activity_idx" ON "tracker_duplicates" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "tracker_connections_external_idx" ON "tracker_connections" USING btree ("service","external_user_id");--> statement-breakpoint
-- The legacy Fitbit Web API was switched off (2 Nov 2026): its grants cannot move to the Google
-- Health API, so every Fitbit connection asks its employee to connect again.
UPDATE "tracker_connections" SET "status" = 'reconnect_needed', "last_result" = 'Fitbit now connects through Google. Please connect Fitbit again.' WHERE "service" = 'FITBIT';
