CREATE TABLE "tracker_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"operator" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN "resume_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracker_failures" ADD CONSTRAINT "tracker_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_failures_service_at_idx" ON "tracker_failures" USING btree ("service","at");