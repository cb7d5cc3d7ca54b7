-- UNLOGGED: counts that only limit requests; a crash may reset them, and they skip the write-ahead log.
CREATE UNLOGGED TABLE "shared_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shared_counter_expires_idx" ON "shared_counter" USING btree ("expires_at");