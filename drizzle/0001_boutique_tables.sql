CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"address_type" text DEFAULT 'shipping' NOT NULL,
	"full_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_type_check" CHECK ("addresses"."address_type" in ('shipping', 'billing'))
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"appointment_type" text DEFAULT 'fitting' NOT NULL,
	"preferred_date" date NOT NULL,
	"preferred_time" text NOT NULL,
	"notes" text,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "appointments_type_check" CHECK ("appointments"."appointment_type" in ('fitting')),
	CONSTRAINT "appointments_time_check" CHECK ("appointments"."preferred_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_design_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"event_type" text NOT NULL,
	"event_date" date,
	"venue" text,
	"style_preference" text,
	"colors" text,
	"vision" text NOT NULL,
	"budget" text,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_design_submissions_status_check" CHECK ("custom_design_submissions"."status" in ('pending', 'contacted', 'in-progress', 'completed')),
	CONSTRAINT "custom_design_submissions_event_type_check" CHECK ("custom_design_submissions"."event_type" in ('wedding', 'prom', 'gala', 'birthday', 'anniversary', 'other')),
	CONSTRAINT "custom_design_submissions_budget_check" CHECK ("custom_design_submissions"."budget" is null or "custom_design_submissions"."budget" in ('under-1000', '1000-2500', '2500-5000', '5000-plus')),
	CONSTRAINT "custom_design_submissions_lengths_check" CHECK (char_length("custom_design_submissions"."name") between 1 and 100 and char_length("custom_design_submissions"."email") <= 255 and char_length(coalesce("custom_design_submissions"."phone", '')) <= 20 and char_length(coalesce("custom_design_submissions"."venue", '')) <= 200 and char_length(coalesce("custom_design_submissions"."style_preference", '')) <= 100 and char_length(coalesce("custom_design_submissions"."colors", '')) <= 100 and char_length("custom_design_submissions"."vision") between 10 and 1000)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"full_name" text,
	"phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin'))
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_handle" text NOT NULL,
	"product_title" text NOT NULL,
	"product_image_url" text,
	"price_amount" numeric(12, 2) NOT NULL,
	"price_currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","is_default" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree ("user_id","address_type") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_slot_idx" ON "appointments" USING btree ("preferred_date","preferred_time") WHERE "appointments"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "appointments_created_at_idx" ON "appointments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointments_status_created_at_idx" ON "appointments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointments_user_id_idx" ON "appointments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointments_search_idx" ON "appointments" USING gin (lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(appointment_type, '') || ' ' || coalesce(preferred_time, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(status, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_design_submissions_created_at_idx" ON "custom_design_submissions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_design_submissions_status_created_at_idx" ON "custom_design_submissions" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_design_submissions_user_id_idx" ON "custom_design_submissions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_design_submissions_search_idx" ON "custom_design_submissions" USING gin (lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(event_type, '') || ' ' || coalesce(venue, '') || ' ' || coalesce(style_preference, '') || ' ' || coalesce(colors, '') || ' ' || coalesce(vision, '') || ' ' || coalesce(budget, '') || ' ' || coalesce(status, '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_subscribed_at_idx" ON "newsletter_subscribers" USING btree ("subscribed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_search_idx" ON "newsletter_subscribers" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_user_product_idx" ON "wishlist_items" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_user_created_at_idx" ON "wishlist_items" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);