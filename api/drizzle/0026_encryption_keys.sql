CREATE TABLE "encryption_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"key_version" integer NOT NULL,
	"kdf" jsonb NOT NULL,
	"wrapped_key" text NOT NULL,
	"wrapped_recovery" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "encryption_keys" ADD CONSTRAINT "encryption_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;