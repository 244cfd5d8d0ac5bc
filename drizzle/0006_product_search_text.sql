DROP INDEX "catalogue_products_search_idx";--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || description)) STORED;--> statement-breakpoint
CREATE INDEX "catalogue_products_search_text_idx" ON "catalogue_products" USING gin ("search_text" gin_trgm_ops);