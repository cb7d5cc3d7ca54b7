ALTER TABLE "users" ADD COLUMN "weight_unit" text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weight_increment_kg" double precision DEFAULT 2.5 NOT NULL;