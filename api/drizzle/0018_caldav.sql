CREATE TABLE "caldav_calendar" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"selected" boolean DEFAULT true NOT NULL,
	"ctag" text
);
--> statement-breakpoint
CREATE TABLE "caldav_object" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"ics" text NOT NULL,
	"events" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_connection" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "calendar_connection" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "caldav_calendar" ADD CONSTRAINT "caldav_calendar_connection_id_calendar_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caldav_object" ADD CONSTRAINT "caldav_object_calendar_id_caldav_calendar_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."caldav_calendar"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caldav_calendar_url_idx" ON "caldav_calendar" USING btree ("connection_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "caldav_object_url_idx" ON "caldav_object" USING btree ("calendar_id","url");