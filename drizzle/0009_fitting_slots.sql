DROP INDEX "appointments_active_slot_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "seat" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_slot_seat_idx" ON "appointments" USING btree ("preferred_date","preferred_time","seat") WHERE "appointments"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_user_slot_idx" ON "appointments" USING btree ("user_id","preferred_date","preferred_time") WHERE "appointments"."user_id" is not null and "appointments"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "appointments_starts_at_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_seat_check" CHECK ("appointments"."seat" between 1 and 100);