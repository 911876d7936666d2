-- insight_months follows score_months through one row trigger instead of three statement triggers
-- with transition tables: a write changes one employee-month, and the row trigger costs a fraction
-- of the statement machinery (docs/load-model.md). The trigger function keeps its name; its body
-- is replaceable SQL (server/db/functions/insights.sql), re-applied after this migration.
DROP TRIGGER IF EXISTS "score_months_insights_insert" ON "score_months";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_months_insights_update" ON "score_months";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_months_insights_delete" ON "score_months";--> statement-breakpoint
DROP FUNCTION IF EXISTS "insight_months_apply"(json, json);--> statement-breakpoint
CREATE TRIGGER "score_months_insights" AFTER INSERT OR UPDATE OR DELETE ON "score_months" FOR EACH ROW EXECUTE FUNCTION insight_months_follow();
