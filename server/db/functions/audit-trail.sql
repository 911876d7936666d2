-- Replaceable SQL (docs/architecture.md#replaceable-sql): applied after the migrations whenever
-- this file changes (server/db/functions.ts). The audit trail (docs/product-rules.md#audit-trail)
-- is append-only: its triggers (migration 0012) refuse every UPDATE, DELETE and TRUNCATE, with two
-- deliberate exceptions, each switched on for one transaction by a session setting:
-- - wellness.audit_maintenance = 'on': a TRUNCATE (a retention purge, a test database reset);
-- - wellness.audit_anonymise = 'on': an UPDATE that only blanks the personal data of an entry
--   (name, e-mail, before/after, address) when its account is deleted; when, who and what stay.
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' AND current_setting('wellness.audit_maintenance', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('wellness.audit_anonymise', true) = 'on'
     AND (NEW.id, NEW.at, NEW.action, NEW.actor_id, NEW.actor_role, NEW.actor_system, NEW.subject_id) IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.action, OLD.actor_id, OLD.actor_role, OLD.actor_system, OLD.subject_id)
     AND NEW.subject_email IS NULL AND NEW.before IS NULL AND NEW.after IS NULL AND NEW.address IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only';
END
$$;
