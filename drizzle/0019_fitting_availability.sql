CREATE TABLE "fitting_days" (
	"date" date PRIMARY KEY NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"note" text,
	"seats" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitting_days_seats_check" CHECK ("fitting_days"."seats" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "fitting_slots" (
	"date" date NOT NULL,
	"time" text NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"note" text,
	"seats" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitting_slots_date_time_pk" PRIMARY KEY("date","time"),
	CONSTRAINT "fitting_slots_time_check" CHECK ("fitting_slots"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "fitting_slots_seats_check" CHECK ("fitting_slots"."seats" between 1 and 100)
);
