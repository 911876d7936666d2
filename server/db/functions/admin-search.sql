-- Replaceable SQL (docs/architecture.md#replaceable-sql): the stamp of the admin users search's
-- counts. Counting a term everyone matches tests it on all 100,000 employees (35 ms at full size,
-- docs/performance.md "The users table's searches at full size"), and an admin paging through one
-- search asks the same count on every page: the API keeps each count with the stamp it was read
-- with (server/db/stamped-cache.ts) and counts again only when the stamp moved. Migration 0043 made
-- the row; tests/server/users/search-counts.test.ts compares kept counts with fresh ones.

-- Any statement that adds or removes a person, or changes what a count tests (role, level, the
-- names and the e-mail address that make search_text), moves the stamp in the writer's own
-- transaction. Per statement, not per row: a roster import of 1,000 people moves it once. The row
-- lock it takes is held to the writer's commit, as employee_joins' row already is for a sign-up. An
-- upsert: a truncate of every table (a test's reset) leaves no row, and the search then counts
-- every time until the next write makes the row again.
CREATE OR REPLACE FUNCTION "users_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO users_search_stamp (single) VALUES (true) ON CONFLICT (single) DO UPDATE SET stamp = gen_random_uuid();
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "users_search_stamp_moved" AFTER INSERT OR DELETE OR UPDATE OF role, level_of_competition, first_name, last_name, email ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION users_search_changed();
CREATE OR REPLACE TRIGGER "users_search_stamp_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION users_search_changed();
