-- Custom SQL migration file, put your code below! --
-- Every change to the three admin tables is announced on one channel, so the
-- dashboards of every server instance reload (SPEC §4, live subscription).
-- The payload is small on purpose: NOTIFY payloads are capped at 8000 bytes.
CREATE OR REPLACE FUNCTION boutique_notify_admin_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  row_id text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_id := OLD.id::text;
  ELSE
    row_id := NEW.id::text;
  END IF;
  PERFORM pg_notify(
    'admin_changes',
    json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', row_id)::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER custom_design_submissions_notify
AFTER INSERT OR UPDATE OR DELETE ON custom_design_submissions
FOR EACH ROW EXECUTE FUNCTION boutique_notify_admin_change();
--> statement-breakpoint
CREATE TRIGGER appointments_notify
AFTER INSERT OR UPDATE OR DELETE ON appointments
FOR EACH ROW EXECUTE FUNCTION boutique_notify_admin_change();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_notify
AFTER INSERT OR UPDATE OR DELETE ON newsletter_subscribers
FOR EACH ROW EXECUTE FUNCTION boutique_notify_admin_change();
