CREATE TABLE "design_request_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text DEFAULT 'image/webp' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"source_type" text NOT NULL,
	"source_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_request_images_position_check" CHECK ("design_request_images"."position" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "design_request_images" ADD CONSTRAINT "design_request_images_submission_id_custom_design_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."custom_design_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_request_images_submission_idx" ON "design_request_images" USING btree ("submission_id","position");