CREATE TABLE "boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_connection" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sync_token" text
);
--> statement-breakpoint
CREATE TABLE "muscle" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"side" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "simple_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"model" text NOT NULL,
	"responses" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"board_id" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"device_id" text,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"default_board_id" integer,
	"completed_onboarding_at" timestamp with time zone,
	"phone_number" text,
	"tagline" text,
	"show_tagline" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"send_daily_emails" boolean DEFAULT false NOT NULL,
	"has_sms_enabled" boolean DEFAULT false NOT NULL,
	"using_as_user" boolean DEFAULT true NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"ai_model" integer,
	"program_guid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "habit_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"habit_id" bigint NOT NULL,
	"date" text NOT NULL,
	"value" jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'note', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "belief" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "book" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'author', '') || ' ' || coalesce(data->>'notes', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "business_idea" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'problem', '') || ' ' || coalesce(data->>'solution', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'name', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "chapter" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'body', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "daily_activity_list" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'location', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "exercise" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'name', '') || ' ' || coalesce(data->>'equipment', '') || ' ' || coalesce(data->>'instructions', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "goal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'why', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "habit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "health_issue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'notes', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "interest" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "journal_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'body', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "life_plan" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "medicine" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'name', '') || ' ' || coalesce(data->>'schedule', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "mission" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'statement', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "mood" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'note', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "movie" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'note', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "music" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'artist', '') || ' ' || coalesce(data->>'note', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "note" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'body', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "person" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'name', '') || ' ' || coalesce(data->>'relationship', '') || ' ' || coalesce(data->>'notes', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "place" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'name', '') || ' ' || coalesce(data->>'address', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "plannedactivity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'note', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "program" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "project" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'text', '') || ' ' || coalesce(data->>'answer', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "quote" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'text', '') || ' ' || coalesce(data->>'author', '') || ' ' || coalesce(data->>'source', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "reminder" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "resolution" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "ritual" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', '') || ' ' || coalesce(data->>'intention', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "routine" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "shared_page" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, '')) STORED
);
--> statement-breakpoint
CREATE TABLE "skill" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "sleep_score" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'quality', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "user_data_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, '')) STORED
);
--> statement-breakpoint
CREATE TABLE "user_data_type" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'name', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "value" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'description', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "website" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'note', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "workout" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'title', '') || ' ' || coalesce(data->>'notes', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "workout_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'notes', ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connection" ADD CONSTRAINT "calendar_connection_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simple_model" ADD CONSTRAINT "simple_model_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simple_model" ADD CONSTRAINT "simple_model_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_entry" ADD CONSTRAINT "habit_entry_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_entry" ADD CONSTRAINT "habit_entry_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_entry" ADD CONSTRAINT "habit_entry_habit_id_habit_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."habit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "belief" ADD CONSTRAINT "belief_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "belief" ADD CONSTRAINT "belief_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book" ADD CONSTRAINT "book_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book" ADD CONSTRAINT "book_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_idea" ADD CONSTRAINT "business_idea_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_idea" ADD CONSTRAINT "business_idea_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter" ADD CONSTRAINT "chapter_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter" ADD CONSTRAINT "chapter_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_activity_list" ADD CONSTRAINT "daily_activity_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_activity_list" ADD CONSTRAINT "daily_activity_list_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise" ADD CONSTRAINT "exercise_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise" ADD CONSTRAINT "exercise_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal" ADD CONSTRAINT "goal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal" ADD CONSTRAINT "goal_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit" ADD CONSTRAINT "habit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit" ADD CONSTRAINT "habit_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_issue" ADD CONSTRAINT "health_issue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_issue" ADD CONSTRAINT "health_issue_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest" ADD CONSTRAINT "interest_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest" ADD CONSTRAINT "interest_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry" ADD CONSTRAINT "journal_entry_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry" ADD CONSTRAINT "journal_entry_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "life_plan" ADD CONSTRAINT "life_plan_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "life_plan" ADD CONSTRAINT "life_plan_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine" ADD CONSTRAINT "medicine_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine" ADD CONSTRAINT "medicine_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission" ADD CONSTRAINT "mission_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission" ADD CONSTRAINT "mission_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mood" ADD CONSTRAINT "mood_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mood" ADD CONSTRAINT "mood_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie" ADD CONSTRAINT "movie_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie" ADD CONSTRAINT "movie_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music" ADD CONSTRAINT "music_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music" ADD CONSTRAINT "music_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place" ADD CONSTRAINT "place_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place" ADD CONSTRAINT "place_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plannedactivity" ADD CONSTRAINT "plannedactivity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plannedactivity" ADD CONSTRAINT "plannedactivity_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program" ADD CONSTRAINT "program_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program" ADD CONSTRAINT "program_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution" ADD CONSTRAINT "resolution_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution" ADD CONSTRAINT "resolution_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual" ADD CONSTRAINT "ritual_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ritual" ADD CONSTRAINT "ritual_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine" ADD CONSTRAINT "routine_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine" ADD CONSTRAINT "routine_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_page" ADD CONSTRAINT "shared_page_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_page" ADD CONSTRAINT "shared_page_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill" ADD CONSTRAINT "skill_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill" ADD CONSTRAINT "skill_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sleep_score" ADD CONSTRAINT "sleep_score_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sleep_score" ADD CONSTRAINT "sleep_score_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_record" ADD CONSTRAINT "user_data_record_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_record" ADD CONSTRAINT "user_data_record_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_type" ADD CONSTRAINT "user_data_type_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data_type" ADD CONSTRAINT "user_data_type_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value" ADD CONSTRAINT "value_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value" ADD CONSTRAINT "value_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website" ADD CONSTRAINT "website_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website" ADD CONSTRAINT "website_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout" ADD CONSTRAINT "workout_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout" ADD CONSTRAINT "workout_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_session" ADD CONSTRAINT "workout_session_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_session" ADD CONSTRAINT "workout_session_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boards_user_idx" ON "boards" USING btree ("user_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_connection_user_idx" ON "calendar_connection" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "muscle_name_idx" ON "muscle" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_hash_idx" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "simple_model_board_idx" ON "simple_model" USING btree ("board_id","model");--> statement-breakpoint
CREATE INDEX "subscription_user_idx" ON "subscription" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_hash_idx" ON "tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tokens_user_idx" ON "tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "habit_entry_day_idx" ON "habit_entry" USING btree ("habit_id","date");--> statement-breakpoint
CREATE INDEX "habit_entry_owner_idx" ON "habit_entry" USING btree ("user_id","board_id","habit_id","date");--> statement-breakpoint
CREATE INDEX "activity_sort_idx" ON "activity" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_position_idx" ON "activity" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "activity_search_idx" ON "activity" USING gin ("search");--> statement-breakpoint
CREATE INDEX "belief_sort_idx" ON "belief" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "belief_position_idx" ON "belief" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "belief_search_idx" ON "belief" USING gin ("search");--> statement-breakpoint
CREATE INDEX "book_sort_idx" ON "book" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "book_position_idx" ON "book" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "book_search_idx" ON "book" USING gin ("search");--> statement-breakpoint
CREATE INDEX "business_idea_sort_idx" ON "business_idea" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "business_idea_position_idx" ON "business_idea" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "business_idea_search_idx" ON "business_idea" USING gin ("search");--> statement-breakpoint
CREATE INDEX "category_sort_idx" ON "category" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "category_position_idx" ON "category" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "category_search_idx" ON "category" USING gin ("search");--> statement-breakpoint
CREATE INDEX "chapter_sort_idx" ON "chapter" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chapter_position_idx" ON "chapter" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "chapter_search_idx" ON "chapter" USING gin ("search");--> statement-breakpoint
CREATE INDEX "daily_activity_list_sort_idx" ON "daily_activity_list" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "daily_activity_list_position_idx" ON "daily_activity_list" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "daily_activity_list_search_idx" ON "daily_activity_list" USING gin ("search");--> statement-breakpoint
CREATE INDEX "event_sort_idx" ON "event" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_position_idx" ON "event" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "event_search_idx" ON "event" USING gin ("search");--> statement-breakpoint
CREATE INDEX "exercise_sort_idx" ON "exercise" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exercise_position_idx" ON "exercise" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "exercise_search_idx" ON "exercise" USING gin ("search");--> statement-breakpoint
CREATE INDEX "goal_sort_idx" ON "goal" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goal_position_idx" ON "goal" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "goal_search_idx" ON "goal" USING gin ("search");--> statement-breakpoint
CREATE INDEX "habit_sort_idx" ON "habit" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "habit_position_idx" ON "habit" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "habit_search_idx" ON "habit" USING gin ("search");--> statement-breakpoint
CREATE INDEX "health_issue_sort_idx" ON "health_issue" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "health_issue_position_idx" ON "health_issue" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "health_issue_search_idx" ON "health_issue" USING gin ("search");--> statement-breakpoint
CREATE INDEX "interest_sort_idx" ON "interest" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interest_position_idx" ON "interest" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "interest_search_idx" ON "interest" USING gin ("search");--> statement-breakpoint
CREATE INDEX "journal_entry_sort_idx" ON "journal_entry" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_entry_position_idx" ON "journal_entry" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "journal_entry_search_idx" ON "journal_entry" USING gin ("search");--> statement-breakpoint
CREATE INDEX "life_plan_sort_idx" ON "life_plan" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "life_plan_position_idx" ON "life_plan" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "life_plan_search_idx" ON "life_plan" USING gin ("search");--> statement-breakpoint
CREATE INDEX "medicine_sort_idx" ON "medicine" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "medicine_position_idx" ON "medicine" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "medicine_search_idx" ON "medicine" USING gin ("search");--> statement-breakpoint
CREATE INDEX "mission_sort_idx" ON "mission" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mission_position_idx" ON "mission" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "mission_search_idx" ON "mission" USING gin ("search");--> statement-breakpoint
CREATE INDEX "mood_sort_idx" ON "mood" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mood_position_idx" ON "mood" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "mood_search_idx" ON "mood" USING gin ("search");--> statement-breakpoint
CREATE INDEX "movie_sort_idx" ON "movie" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movie_position_idx" ON "movie" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "movie_search_idx" ON "movie" USING gin ("search");--> statement-breakpoint
CREATE INDEX "music_sort_idx" ON "music" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "music_position_idx" ON "music" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "music_search_idx" ON "music" USING gin ("search");--> statement-breakpoint
CREATE INDEX "note_sort_idx" ON "note" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "note_position_idx" ON "note" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "note_search_idx" ON "note" USING gin ("search");--> statement-breakpoint
CREATE INDEX "person_sort_idx" ON "person" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "person_position_idx" ON "person" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "person_search_idx" ON "person" USING gin ("search");--> statement-breakpoint
CREATE INDEX "place_sort_idx" ON "place" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "place_position_idx" ON "place" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "place_search_idx" ON "place" USING gin ("search");--> statement-breakpoint
CREATE INDEX "plannedactivity_sort_idx" ON "plannedactivity" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plannedactivity_position_idx" ON "plannedactivity" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "plannedactivity_search_idx" ON "plannedactivity" USING gin ("search");--> statement-breakpoint
CREATE INDEX "program_sort_idx" ON "program" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "program_position_idx" ON "program" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "program_search_idx" ON "program" USING gin ("search");--> statement-breakpoint
CREATE INDEX "project_sort_idx" ON "project" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "project_position_idx" ON "project" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "project_search_idx" ON "project" USING gin ("search");--> statement-breakpoint
CREATE INDEX "question_sort_idx" ON "question" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "question_position_idx" ON "question" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "question_search_idx" ON "question" USING gin ("search");--> statement-breakpoint
CREATE INDEX "quote_sort_idx" ON "quote" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_position_idx" ON "quote" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "quote_search_idx" ON "quote" USING gin ("search");--> statement-breakpoint
CREATE INDEX "reminder_sort_idx" ON "reminder" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reminder_position_idx" ON "reminder" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "reminder_search_idx" ON "reminder" USING gin ("search");--> statement-breakpoint
CREATE INDEX "resolution_sort_idx" ON "resolution" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resolution_position_idx" ON "resolution" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "resolution_search_idx" ON "resolution" USING gin ("search");--> statement-breakpoint
CREATE INDEX "ritual_sort_idx" ON "ritual" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ritual_position_idx" ON "ritual" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "ritual_search_idx" ON "ritual" USING gin ("search");--> statement-breakpoint
CREATE INDEX "routine_sort_idx" ON "routine" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "routine_position_idx" ON "routine" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "routine_search_idx" ON "routine" USING gin ("search");--> statement-breakpoint
CREATE INDEX "shared_page_sort_idx" ON "shared_page" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shared_page_position_idx" ON "shared_page" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "shared_page_search_idx" ON "shared_page" USING gin ("search");--> statement-breakpoint
CREATE INDEX "skill_sort_idx" ON "skill" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "skill_position_idx" ON "skill" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "skill_search_idx" ON "skill" USING gin ("search");--> statement-breakpoint
CREATE INDEX "sleep_score_sort_idx" ON "sleep_score" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sleep_score_position_idx" ON "sleep_score" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "sleep_score_search_idx" ON "sleep_score" USING gin ("search");--> statement-breakpoint
CREATE INDEX "user_data_record_sort_idx" ON "user_data_record" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_data_record_position_idx" ON "user_data_record" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "user_data_record_search_idx" ON "user_data_record" USING gin ("search");--> statement-breakpoint
CREATE INDEX "user_data_type_sort_idx" ON "user_data_type" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_data_type_position_idx" ON "user_data_type" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "user_data_type_search_idx" ON "user_data_type" USING gin ("search");--> statement-breakpoint
CREATE INDEX "value_sort_idx" ON "value" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "value_position_idx" ON "value" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "value_search_idx" ON "value" USING gin ("search");--> statement-breakpoint
CREATE INDEX "website_sort_idx" ON "website" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "website_position_idx" ON "website" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "website_search_idx" ON "website" USING gin ("search");--> statement-breakpoint
CREATE INDEX "workout_sort_idx" ON "workout" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workout_position_idx" ON "workout" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "workout_search_idx" ON "workout" USING gin ("search");--> statement-breakpoint
CREATE INDEX "workout_session_sort_idx" ON "workout_session" USING btree ("user_id","board_id","sort_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workout_session_position_idx" ON "workout_session" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "workout_session_search_idx" ON "workout_session" USING gin ("search");