-- Replaceable SQL (docs/architecture.md#replaceable-sql): applied after the migrations whenever
-- this file changes (server/db/functions.ts). The counts the admin overview reads
-- (docs/architecture.md#derived-state-and-its-keepers): employees by the competition year they
-- joined in (employee_joins), tracker connections by service and connected employees
-- (tracker_counts). Counting them per request read 100,000 users and 50,000 connections
-- (docs/performance.md, "Hot reads at full size"). Migration 0041 filled them from the rows they
-- follow; tests/server/insights/overview-counts.test.ts compares them with counts of those rows.

-- The competition year (from 1 April) in which a row created at p_at joined, in UTC: the overview
-- counts an employee in every year from this one on.
CREATE OR REPLACE FUNCTION "competition_year_joined"(p_at timestamptz) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT competition_year_of((p_at AT TIME ZONE 'UTC')::date)
$$;

CREATE OR REPLACE FUNCTION "employee_joins_add"(p_year smallint, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO employee_joins AS t (competition_year, employees) VALUES (p_year, p_delta)
  ON CONFLICT (competition_year) DO UPDATE SET employees = t.employees + excluded.employees;
END
$$;

-- Row trigger on users: an employee (role user) counts in the year of their created_at. A row
-- trigger, as each row is one employee more or less (a multi-row insert adds each).
CREATE OR REPLACE FUNCTION "employee_joins_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role = 'user' THEN
    IF TG_OP = 'UPDATE' AND NEW.role = 'user' AND competition_year_joined(NEW.created_at) = competition_year_joined(OLD.created_at) THEN
      RETURN NULL;
    END IF;
    PERFORM employee_joins_add(competition_year_joined(OLD.created_at), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.role = 'user' THEN
    PERFORM employee_joins_add(competition_year_joined(NEW.created_at), 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "tracker_counts_add"(p_service text, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta <> 0 THEN
    INSERT INTO tracker_counts AS t (service, connections) VALUES (p_service, p_delta)
    ON CONFLICT (service) DO UPDATE SET connections = t.connections + excluded.connections;
  END IF;
END
$$;

-- Statement triggers on tracker_connections, one per event (transition tables allow one event per
-- trigger): a statement may add or remove several connections of one employee (an account's
-- deletion removes all of its connections at once), and "connected employees" counts each once.
-- After tracker_counts_lock, each query sees what another writer of the same employee committed
-- (read committed).
-- What orders the counting of two transactions writing one employee's connections: the employees'
-- write locks in id order, or, for a statement of more than 32 employees (a seed, a bulk import),
-- the table itself (every other writer of connections committed before, none until this commits),
-- as one advisory lock per employee would overflow PostgreSQL's lock table (53,000 of them did).
CREATE OR REPLACE FUNCTION "tracker_counts_lock"(p_users integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(p_users) > 32 THEN
    LOCK TABLE tracker_connections IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    PERFORM user_write_lock(u.id) FROM unnest(p_users) u(id) ORDER BY u.id;
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION "tracker_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tracker_counts_lock(array(SELECT DISTINCT user_id FROM new_connections));
  PERFORM tracker_counts_add(n.service, n.added) FROM (SELECT service, count(*)::integer AS added FROM new_connections GROUP BY 1 ORDER BY 1) n;
  -- Service rows before '*', each in name order: one lock order for every writer.
  -- Newly connected: every connection the employee has now came with this statement.
  PERFORM tracker_counts_add('*', count(*)::integer)
     FROM (SELECT n.user_id, count(*) AS added FROM new_connections n GROUP BY n.user_id) n
    WHERE n.added = (SELECT count(*) FROM tracker_connections c WHERE c.user_id = n.user_id);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "tracker_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tracker_counts_lock(array(SELECT DISTINCT user_id FROM old_connections));
  PERFORM tracker_counts_add(o.service, -o.removed) FROM (SELECT service, count(*)::integer AS removed FROM old_connections GROUP BY 1 ORDER BY 1) o;
  -- No longer connected: the employee has no connection left.
  PERFORM tracker_counts_add('*', -count(*)::integer)
     FROM (SELECT DISTINCT user_id FROM old_connections) o
    WHERE NOT EXISTS (SELECT 1 FROM tracker_connections c WHERE c.user_id = o.user_id);
  RETURN NULL;
END
$$;

-- A connection keeps its employee and service (the repository updates tokens and sync times only):
-- the counts above would not follow a move, so one is refused.
CREATE OR REPLACE FUNCTION "tracker_connections_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a tracker connection keeps its employee and service';
END
$$;

CREATE OR REPLACE TRIGGER "users_employee_joins" AFTER INSERT OR DELETE OR UPDATE OF role, created_at ON "users" FOR EACH ROW EXECUTE FUNCTION employee_joins_follow();
CREATE OR REPLACE TRIGGER "users_employee_joins_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('employee_joins');
CREATE OR REPLACE TRIGGER "tracker_connections_inserted" AFTER INSERT ON "tracker_connections" REFERENCING NEW TABLE AS new_connections
  FOR EACH STATEMENT EXECUTE FUNCTION tracker_counts_inserted();
CREATE OR REPLACE TRIGGER "tracker_connections_deleted" AFTER DELETE ON "tracker_connections" REFERENCING OLD TABLE AS old_connections
  FOR EACH STATEMENT EXECUTE FUNCTION tracker_counts_deleted();
CREATE OR REPLACE TRIGGER "tracker_connections_fixed" AFTER UPDATE OF user_id, service ON "tracker_connections" FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.service IS DISTINCT FROM NEW.service)
  EXECUTE FUNCTION tracker_connections_fixed();
CREATE OR REPLACE TRIGGER "tracker_connections_counts_truncate" AFTER TRUNCATE ON "tracker_connections" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('tracker_counts');
