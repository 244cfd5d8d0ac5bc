CREATE TABLE "catalogue_cart_lines" (
	"cart_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "catalogue_cart_lines_cart_id_position_pk" PRIMARY KEY("cart_id","position"),
	CONSTRAINT "catalogue_cart_lines_quantity_check" CHECK ("catalogue_cart_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "catalogue_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_collections" (
	"handle" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "catalogue_collections_handle_check" CHECK ("catalogue_collections"."handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "catalogue_inventory" (
	"variant_id" uuid PRIMARY KEY NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_inventory_available_check" CHECK ("catalogue_inventory"."available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"variant_id" uuid,
	"product_handle" text NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	CONSTRAINT "catalogue_order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "catalogue_order_lines_quantity_check" CHECK ("catalogue_order_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "catalogue_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"cart_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"user_id" text,
	"total_amount" numeric(12, 2) NOT NULL,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_orders_status_check" CHECK ("catalogue_orders"."status" in ('pending', 'paid', 'fulfilled', 'cancelled')),
	CONSTRAINT "catalogue_orders_customer_check" CHECK (char_length("catalogue_orders"."customer_name") between 1 and 100 and char_length("catalogue_orders"."customer_email") between 3 and 255),
	CONSTRAINT "catalogue_orders_total_check" CHECK ("catalogue_orders"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_collections" (
	"collection_handle" text NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_product_collections_collection_handle_product_id_pk" PRIMARY KEY("collection_handle","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"alt_text" text,
	"width" integer,
	"height" integer,
	CONSTRAINT "catalogue_product_images_size_check" CHECK (("catalogue_product_images"."width" is null or "catalogue_product_images"."width" > 0) and ("catalogue_product_images"."height" is null or "catalogue_product_images"."height" > 0))
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_options" (
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "catalogue_product_options_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "catalogue_product_options_values_check" CHECK (jsonb_typeof("catalogue_product_options"."values") = 'array' and jsonb_array_length("catalogue_product_options"."values") > 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"sku" text,
	"price" numeric(12, 2) NOT NULL,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	"selected_options" jsonb NOT NULL,
	CONSTRAINT "catalogue_product_variants_price_check" CHECK ("catalogue_product_variants"."price" >= 0),
	CONSTRAINT "catalogue_product_variants_currency_check" CHECK ("catalogue_product_variants"."currency_code" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_products_handle_check" CHECK ("catalogue_products"."handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("catalogue_products"."handle") <= 255),
	CONSTRAINT "catalogue_products_title_check" CHECK (char_length("catalogue_products"."title") between 1 and 255)
);
--> statement-breakpoint
ALTER TABLE "catalogue_cart_lines" ADD CONSTRAINT "catalogue_cart_lines_cart_id_catalogue_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."catalogue_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_cart_lines" ADD CONSTRAINT "catalogue_cart_lines_variant_id_catalogue_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."catalogue_product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_inventory" ADD CONSTRAINT "catalogue_inventory_variant_id_catalogue_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."catalogue_product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_order_lines" ADD CONSTRAINT "catalogue_order_lines_order_id_catalogue_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."catalogue_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_order_lines" ADD CONSTRAINT "catalogue_order_lines_variant_id_catalogue_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."catalogue_product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_orders" ADD CONSTRAINT "catalogue_orders_cart_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."catalogue_carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_product_collections" ADD CONSTRAINT "catalogue_product_collections_collection_handle_catalogue_collections_handle_fk" FOREIGN KEY ("collection_handle") REFERENCES "public"."catalogue_collections"("handle") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "catalogue_product_collections" ADD CONSTRAINT "catalogue_product_collections_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_product_images" ADD CONSTRAINT "catalogue_product_images_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_product_options" ADD CONSTRAINT "catalogue_product_options_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_product_variants" ADD CONSTRAINT "catalogue_product_variants_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_cart_lines_variant_idx" ON "catalogue_cart_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "catalogue_order_lines_variant_idx" ON "catalogue_order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_orders_order_number_idx" ON "catalogue_orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_orders_cart_idx" ON "catalogue_orders" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "catalogue_orders_user_idx" ON "catalogue_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_orders_created_at_idx" ON "catalogue_orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_product_collections_order_idx" ON "catalogue_product_collections" USING btree ("collection_handle","position");--> statement-breakpoint
CREATE INDEX "catalogue_product_collections_product_idx" ON "catalogue_product_collections" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_product_images_position_idx" ON "catalogue_product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_product_options_name_idx" ON "catalogue_product_options" USING btree ("product_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_product_variants_position_idx" ON "catalogue_product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_products_handle_idx" ON "catalogue_products" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "catalogue_products_position_idx" ON "catalogue_products" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "catalogue_products_search_idx" ON "catalogue_products" USING gin (lower(title || ' ' || description) gin_trgm_ops);