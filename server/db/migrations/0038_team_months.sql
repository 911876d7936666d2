-- team_months: what the leaderboard's people scored per team and month, and per team and year
-- (month 0) its members on the year's last day (docs/architecture.md#derived-state-and-its-keepers),
-- so the team leaderboard, a team's page and the participation view read at most 13 rows per team
-- instead of every membership's months (docs/performance.md#teams). Its keepers (row triggers on
-- score_months, team_memberships and users, and their functions) are replaceable SQL
-- (server/db/functions/teams.sql), applied after this migration; rebuild_scores() fills it.
-- users_uncounted_idx: the few people outside the team counts (admins, unconfirmed addresses).
CREATE TABLE "team_months" (
	"competition_year" smallint NOT NULL,
	"team_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"active_at_end" integer DEFAULT 0 NOT NULL,
	"movers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_months_competition_year_team_id_month_pk" PRIMARY KEY("competition_year","team_id","month")
);
--> statement-breakpoint
ALTER TABLE "team_months" ADD CONSTRAINT "team_months_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_months_members_idx" ON "team_months" USING btree ("team_id","competition_year") WHERE month = 0;--> statement-breakpoint
CREATE INDEX "users_uncounted_idx" ON "users" USING btree ("id") WHERE role <> 'user' or email_confirmed_at is null;