CREATE TABLE "weekly_reflection" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"text" text NOT NULL,
	"model" text NOT NULL,
	"entries_sent" integer NOT NULL,
	"entries_left_out" integer NOT NULL,
	"habits_sent" integer NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_reflection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_reflection" ADD CONSTRAINT "weekly_reflection_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weekly_reflection_user_idx" ON "weekly_reflection" USING btree ("user_id","created_at");