CREATE TABLE "appointment_pull_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"product_handle" text NOT NULL,
	"product_title" text NOT NULL,
	"product_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_pull_items" ADD CONSTRAINT "appointment_pull_items_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_pull_items_appointment_product_idx" ON "appointment_pull_items" USING btree ("appointment_id","product_id");