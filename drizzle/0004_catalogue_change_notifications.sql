-- Custom SQL migration file, put your code below! --
-- Every instance caches catalogue reads in memory. Any change to the built-in
-- catalogue (by this process, another instance, an order taking stock, or a
-- person with psql) is announced here so each cache drops what it holds.
-- Statement-level: a seed or bulk edit announces once per table, not per row,
-- and PostgreSQL folds identical payloads within one transaction.
CREATE OR REPLACE FUNCTION boutique_notify_catalogue_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_products_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_products
FOR EACH STATEMENT EXECUTE FUNCTION boutique_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_collections_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_collections
FOR EACH STATEMENT EXECUTE FUNCTION boutique_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_product_collections_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_product_collections
FOR EACH STATEMENT EXECUTE FUNCTION boutique_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_product_options_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_product_options
FOR EACH STATEMENT EXECUTE FUNCTION boutique_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_product_variants_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_product_variants
FOR EACH STATEMENT EXECUTE FUNCTION boutique_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_inventory_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_inventory
FOR EACH STATEMENT EXECUTE FUNCTION boutique_notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_product_images_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_product_images
FOR EACH STATEMENT EXECUTE FUNCTION boutique_notify_catalogue_change();
