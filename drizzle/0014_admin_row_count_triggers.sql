-- Custom SQL migration file, put your code below! --
-- The dashboard's count cards (SPEC §2) read admin_row_counts, kept exact
-- here: one statement-level trigger per insert, delete and truncate adds or
-- subtracts the size of the statement's transition table, so a bulk insert of
-- a million rows costs one counter update, not a million.
CREATE OR REPLACE FUNCTION boutique_count_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM inserted_rows;
  IF n > 0 THEN
    UPDATE admin_row_counts SET row_count = row_count + n, updated_at = now() WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION boutique_count_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM deleted_rows;
  IF n > 0 THEN
    UPDATE admin_row_counts SET row_count = greatest(row_count - n, 0), updated_at = now() WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION boutique_count_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE admin_row_counts SET row_count = 0, updated_at = now() WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER custom_design_submissions_count_insert AFTER INSERT ON custom_design_submissions
REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_inserted();
--> statement-breakpoint
CREATE TRIGGER custom_design_submissions_count_delete AFTER DELETE ON custom_design_submissions
REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_deleted();
--> statement-breakpoint
CREATE TRIGGER custom_design_submissions_count_truncate AFTER TRUNCATE ON custom_design_submissions
FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_truncated();
--> statement-breakpoint
CREATE TRIGGER appointments_count_insert AFTER INSERT ON appointments
REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_inserted();
--> statement-breakpoint
CREATE TRIGGER appointments_count_delete AFTER DELETE ON appointments
REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_deleted();
--> statement-breakpoint
CREATE TRIGGER appointments_count_truncate AFTER TRUNCATE ON appointments
FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_truncated();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_count_insert AFTER INSERT ON newsletter_subscribers
REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_inserted();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_count_delete AFTER DELETE ON newsletter_subscribers
REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_deleted();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_count_truncate AFTER TRUNCATE ON newsletter_subscribers
FOR EACH STATEMENT EXECUTE FUNCTION boutique_count_truncated();
--> statement-breakpoint
-- The rows already there, counted once; taken under a lock so no insert slips between the count and the triggers.
LOCK TABLE custom_design_submissions, appointments, newsletter_subscribers IN SHARE MODE;
--> statement-breakpoint
INSERT INTO admin_row_counts (table_name, row_count) VALUES
  ('custom_design_submissions', (SELECT count(*) FROM custom_design_submissions)),
  ('appointments', (SELECT count(*) FROM appointments)),
  ('newsletter_subscribers', (SELECT count(*) FROM newsletter_subscribers))
ON CONFLICT (table_name) DO UPDATE SET row_count = excluded.row_count, updated_at = now();
