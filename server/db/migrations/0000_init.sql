CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"moving_time" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"start_date" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_step_achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_participations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_in_the_top_three" boolean DEFAULT false NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quarterly_bonuses" (
	"user_id" integer NOT NULL,
	"competition_year" smallint NOT NULL,
	"first_quarter" boolean DEFAULT false NOT NULL,
	"second_quarter" boolean DEFAULT false NOT NULL,
	"third_quarter" boolean DEFAULT false NOT NULL,
	"fourth_quarter" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quarterly_bonuses_user_id_competition_year_pk" PRIMARY KEY("user_id","competition_year")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"replaced_by" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "score_months" (
	"user_id" integer NOT NULL,
	"competition_year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "score_months_user_id_competition_year_month_pk" PRIMARY KEY("user_id","competition_year","month")
);
--> statement-breakpoint
CREATE TABLE "score_years" (
	"user_id" integer NOT NULL,
	"competition_year" smallint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"last_scored_on" date,
	CONSTRAINT "score_years_user_id_competition_year_pk" PRIMARY KEY("user_id","competition_year")
);
--> statement-breakpoint
CREATE TABLE "tracker_connections" (
	"user_id" integer NOT NULL,
	"service" text NOT NULL,
	"external_user_id" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone,
	CONSTRAINT "tracker_connections_user_id_service_pk" PRIMARY KEY("user_id","service")
);
--> statement-breakpoint
CREATE TABLE "user_levels" (
	"user_id" integer NOT NULL,
	"competition_year" smallint NOT NULL,
	"level_of_competition" text NOT NULL,
	CONSTRAINT "user_levels_user_id_competition_year_pk" PRIMARY KEY("user_id","competition_year")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"gender" text NOT NULL,
	"level_of_competition" text NOT NULL,
	"profile_picture" text,
	"is_private_activity" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_step_achievements" ADD CONSTRAINT "daily_step_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participations" ADD CONSTRAINT "event_participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarterly_bonuses" ADD CONSTRAINT "quarterly_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_months" ADD CONSTRAINT "score_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_years" ADD CONSTRAINT "score_years_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD CONSTRAINT "tracker_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_levels" ADD CONSTRAINT "user_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_date_idx" ON "activities" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "activities_start_at_idx" ON "activities" USING btree ("start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_external_unique" ON "activities" USING btree ("user_id","source","external_id") WHERE "activities"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_step_achievements_user_date_unique" ON "daily_step_achievements" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "daily_step_achievements_created_idx" ON "daily_step_achievements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "event_participations_user_date_idx" ON "event_participations" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "event_participations_created_idx" ON "event_participations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_sessions_token_hash_unique" ON "refresh_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_sessions_family_idx" ON "refresh_sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_sessions_user_idx" ON "refresh_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "score_years_year_points_idx" ON "score_years" USING btree ("competition_year","points");--> statement-breakpoint
CREATE INDEX "user_levels_year_level_idx" ON "user_levels" USING btree ("competition_year","level_of_competition");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_last_name_idx" ON "users" USING btree ("role","last_name","first_name");