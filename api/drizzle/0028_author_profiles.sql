CREATE TABLE "author_profile" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text,
	"bio" text,
	"photo" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "author_profile" ADD CONSTRAINT "author_profile_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;