CREATE TABLE "user_search_counts" (
	"prefix" text COLLATE "C" NOT NULL,
	"level_of_competition" text NOT NULL,
	"employees" integer NOT NULL,
	CONSTRAINT "user_search_counts_prefix_level_of_competition_pk" PRIMARY KEY("prefix","level_of_competition")
);
--> statement-breakpoint
DROP INDEX "user_search_words_user_idx";--> statement-breakpoint
CREATE INDEX "user_search_words_user_word_idx" ON "user_search_words" USING btree ("user_id","word");--> statement-breakpoint
CREATE INDEX "users_order_last_name_asc" ON "users" USING btree ("last_name","first_name","id","level_of_competition") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_last_name_desc" ON "users" USING btree ("last_name" DESC NULLS FIRST,"first_name","id","level_of_competition") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_first_name_asc" ON "users" USING btree ("first_name","last_name","id","level_of_competition") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_first_name_desc" ON "users" USING btree ("first_name" DESC NULLS FIRST,"last_name","id","level_of_competition") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_email_asc" ON "users" USING btree ("email","last_name","first_name","id","level_of_competition") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_email_desc" ON "users" USING btree ("email" DESC NULLS FIRST,"last_name","first_name","id","level_of_competition") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_gender_asc" ON "users" USING btree ("gender","last_name","first_name","id","level_of_competition") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_gender_desc" ON "users" USING btree ("gender" DESC NULLS FIRST,"last_name","first_name","id","level_of_competition") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_level_asc" ON "users" USING btree ("level_of_competition","last_name","first_name","id") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_order_level_desc" ON "users" USING btree ("level_of_competition" DESC NULLS FIRST,"last_name","first_name","id") WHERE "users"."role" = 'user';--> statement-breakpoint
-- Every prefix of every search word of a person, '' included (server/db/functions/user-search.sql).
CREATE OR REPLACE FUNCTION "search_prefixes_of"(first_name text, last_name text, email text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(DISTINCT left(w, n)) FROM unnest(search_words_of(first_name, last_name, email) || '{""}'::text[]) w, generate_series(0, length(w)) n
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_search_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_search_counts AS c (prefix, level_of_competition, employees)
    SELECT p, n.level_of_competition, count(*) FROM new_rows n CROSS JOIN LATERAL unnest(search_prefixes_of(n.first_name, n.last_name, n.email)) p
     WHERE n.role = 'user' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (prefix, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_search_counts AS c (prefix, level_of_competition, employees)
    SELECT p, o.level_of_competition, -count(*) FROM old_rows o CROSS JOIN LATERAL unnest(search_prefixes_of(o.first_name, o.last_name, o.email)) p
     WHERE o.role = 'user' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (prefix, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  ELSE
    INSERT INTO user_search_counts AS c (prefix, level_of_competition, employees)
    SELECT d.prefix, d.level, sum(d.delta) FROM (
      SELECT p AS prefix, o.level_of_competition AS level, -1 AS delta FROM old_rows o CROSS JOIN LATERAL unnest(search_prefixes_of(o.first_name, o.last_name, o.email)) p WHERE o.role = 'user'
      UNION ALL
      SELECT p, n.level_of_competition, 1 FROM new_rows n CROSS JOIN LATERAL unnest(search_prefixes_of(n.first_name, n.last_name, n.email)) p WHERE n.role = 'user'
    ) d GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (prefix, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_search_counts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_search_counts_follow();--> statement-breakpoint
CREATE TRIGGER "users_search_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_search_counts_follow();--> statement-breakpoint
CREATE TRIGGER "users_search_counts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_search_counts_follow();--> statement-breakpoint
CREATE TRIGGER "users_search_counts_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('user_search_counts');--> statement-breakpoint
INSERT INTO user_search_counts (prefix, level_of_competition, employees)
SELECT p, u.level_of_competition, count(*) FROM users u CROSS JOIN LATERAL unnest(search_prefixes_of(u.first_name, u.last_name, u.email)) p
 WHERE u.role = 'user' GROUP BY 1, 2;
