CREATE TABLE "admin_row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
