CREATE TABLE "score_year_counts" (
	"competition_year" smallint NOT NULL,
	"level_of_competition" text NOT NULL,
	"scored" integer NOT NULL,
	CONSTRAINT "score_year_counts_competition_year_level_of_competition_pk" PRIMARY KEY("competition_year","level_of_competition")
);

--> statement-breakpoint
-- The admin leaders list's counts, kept from now on by the triggers of server/db/functions/leaders.sql
-- (replaceable SQL, applied after this migration), filled here from the rows they follow.
INSERT INTO "score_year_counts" ("competition_year", "level_of_competition", "scored")
SELECT sy."competition_year", coalesce(sy."level_of_competition", ''), count(*) FROM "score_years" sy GROUP BY 1, 2;
