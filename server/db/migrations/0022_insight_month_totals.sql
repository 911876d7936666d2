CREATE TABLE "insight_month_totals" (
	"competition_year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "insight_month_totals_competition_year_month_pk" PRIMARY KEY("competition_year","month")
);
--> statement-breakpoint
-- The admin overview's month as JSON without its "month" key (the read adds the key), summed over
-- the levels' insight_months groups. insight_months_apply (server/db/functions/insights.sql, which
-- keeps the current body of this function) rewrites the months a write touched; `p_months` holds
-- competition_year * 100 + month. Levels in the contract's order.
CREATE OR REPLACE FUNCTION "insight_month_totals_refresh"(p_months integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_month_totals o
   WHERE o.competition_year * 100 + o.month = ANY(p_months)
     AND NOT EXISTS (SELECT 1 FROM insight_months i WHERE i.competition_year = o.competition_year AND i.month = o.month);
  INSERT INTO insight_month_totals AS o (competition_year, month, body)
  SELECT i.competition_year, i.month,
         '"activeEmployees":' || sum(i.employees)::text
           || ',"minutesByLevel":{"Beginner":' || coalesce(sum(i.minutes) FILTER (WHERE i.level_of_competition = 'Beginner'), 0)::text
           || ',"Intermediate":' || coalesce(sum(i.minutes) FILTER (WHERE i.level_of_competition = 'Intermediate'), 0)::text
           || ',"Advanced":' || coalesce(sum(i.minutes) FILTER (WHERE i.level_of_competition = 'Advanced'), 0)::text
           || ',"Elite":' || coalesce(sum(i.minutes) FILTER (WHERE i.level_of_competition = 'Elite'), 0)::text
           || '},"eventParticipations":' || sum(i.events)::text || ',"stepAchievements":' || sum(i.steps)::text || '}'
    FROM insight_months i
   WHERE i.competition_year = ANY(SELECT DISTINCT k / 100 FROM unnest(p_months) k) AND i.competition_year * 100 + i.month = ANY(p_months)
   GROUP BY i.competition_year, i.month
   ORDER BY 1, 2
  ON CONFLICT (competition_year, month) DO UPDATE SET body = excluded.body;
END
$$;--> statement-breakpoint
SELECT insight_month_totals_refresh(array(SELECT DISTINCT competition_year * 100 + month FROM insight_months));--> statement-breakpoint
-- A truncate of score_months clears insight_months (migration 0014); its totals go with it.
CREATE TRIGGER "score_months_insight_totals_truncate" AFTER TRUNCATE ON "score_months" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('insight_month_totals');
