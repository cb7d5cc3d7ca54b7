CREATE TABLE "journal_template" (
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
CREATE TABLE "weekly_review" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'wins', '') || ' ' || coalesce(data->>'notes', '') || ' ' || coalesce(data->>'focus', ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "journal_template" ADD CONSTRAINT "journal_template_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_template" ADD CONSTRAINT "journal_template_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_review" ADD CONSTRAINT "weekly_review_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_review" ADD CONSTRAINT "weekly_review_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_template_sort_idx" ON "journal_template" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "journal_template_position_idx" ON "journal_template" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "journal_template_owner_search_idx" ON "journal_template" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "weekly_review_sort_idx" ON "weekly_review" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "weekly_review_position_idx" ON "weekly_review" USING btree ("user_id","board_id","position","id");--> statement-breakpoint
CREATE INDEX "weekly_review_owner_search_idx" ON "weekly_review" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
-- Written by hand: searches of plain words walk the term table (models/search-terms.ts), kept by the trigger of 0009.
CREATE TRIGGER "journal_template_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "journal_template" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "weekly_review_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "weekly_review" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();
