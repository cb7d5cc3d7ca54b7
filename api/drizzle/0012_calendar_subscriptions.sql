-- Nothing ever wrote calendar_connection (its events had another shape): start it empty.
DELETE FROM "calendar_connection";--> statement-breakpoint
CREATE TABLE "calendar_feed" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "calendar_connection_user_idx";--> statement-breakpoint
ALTER TABLE "calendar_connection" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_connection" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "calendar_connection" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_connection" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "calendar_connection" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_token_idx" ON "calendar_feed" USING btree ("token");--> statement-breakpoint
CREATE INDEX "calendar_connection_user_idx" ON "calendar_connection" USING btree ("user_id");