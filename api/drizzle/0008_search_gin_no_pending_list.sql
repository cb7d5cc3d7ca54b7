-- fastupdate off on every search index (rebuilt, so a pending list left by earlier writes is merged too): PGlite runs no
-- autovacuum, so the pending list never merged and every search through the index scanned it whole.
DROP INDEX "activity_owner_search_idx";--> statement-breakpoint
DROP INDEX "belief_owner_search_idx";--> statement-breakpoint
DROP INDEX "book_owner_search_idx";--> statement-breakpoint
DROP INDEX "business_idea_owner_search_idx";--> statement-breakpoint
DROP INDEX "category_owner_search_idx";--> statement-breakpoint
DROP INDEX "chapter_owner_search_idx";--> statement-breakpoint
DROP INDEX "daily_activity_list_owner_search_idx";--> statement-breakpoint
DROP INDEX "event_owner_search_idx";--> statement-breakpoint
DROP INDEX "exercise_owner_search_idx";--> statement-breakpoint
DROP INDEX "goal_owner_search_idx";--> statement-breakpoint
DROP INDEX "habit_owner_search_idx";--> statement-breakpoint
DROP INDEX "health_issue_owner_search_idx";--> statement-breakpoint
DROP INDEX "interest_owner_search_idx";--> statement-breakpoint
DROP INDEX "journal_entry_owner_search_idx";--> statement-breakpoint
DROP INDEX "life_plan_owner_search_idx";--> statement-breakpoint
DROP INDEX "medicine_owner_search_idx";--> statement-breakpoint
DROP INDEX "mission_owner_search_idx";--> statement-breakpoint
DROP INDEX "mood_owner_search_idx";--> statement-breakpoint
DROP INDEX "movie_owner_search_idx";--> statement-breakpoint
DROP INDEX "music_owner_search_idx";--> statement-breakpoint
DROP INDEX "note_owner_search_idx";--> statement-breakpoint
DROP INDEX "person_owner_search_idx";--> statement-breakpoint
DROP INDEX "place_owner_search_idx";--> statement-breakpoint
DROP INDEX "plannedactivity_owner_search_idx";--> statement-breakpoint
DROP INDEX "program_owner_search_idx";--> statement-breakpoint
DROP INDEX "project_owner_search_idx";--> statement-breakpoint
DROP INDEX "question_owner_search_idx";--> statement-breakpoint
DROP INDEX "quote_owner_search_idx";--> statement-breakpoint
DROP INDEX "reminder_owner_search_idx";--> statement-breakpoint
DROP INDEX "resolution_owner_search_idx";--> statement-breakpoint
DROP INDEX "ritual_owner_search_idx";--> statement-breakpoint
DROP INDEX "routine_owner_search_idx";--> statement-breakpoint
DROP INDEX "shared_page_owner_search_idx";--> statement-breakpoint
DROP INDEX "skill_owner_search_idx";--> statement-breakpoint
DROP INDEX "sleep_score_owner_search_idx";--> statement-breakpoint
DROP INDEX "user_data_record_owner_search_idx";--> statement-breakpoint
DROP INDEX "user_data_type_owner_search_idx";--> statement-breakpoint
DROP INDEX "value_owner_search_idx";--> statement-breakpoint
DROP INDEX "website_owner_search_idx";--> statement-breakpoint
DROP INDEX "workout_owner_search_idx";--> statement-breakpoint
DROP INDEX "workout_session_owner_search_idx";--> statement-breakpoint
CREATE INDEX "activity_owner_search_idx" ON "activity" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "belief_owner_search_idx" ON "belief" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "book_owner_search_idx" ON "book" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "business_idea_owner_search_idx" ON "business_idea" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "category_owner_search_idx" ON "category" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "chapter_owner_search_idx" ON "chapter" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "daily_activity_list_owner_search_idx" ON "daily_activity_list" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "event_owner_search_idx" ON "event" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "exercise_owner_search_idx" ON "exercise" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "goal_owner_search_idx" ON "goal" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "habit_owner_search_idx" ON "habit" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "health_issue_owner_search_idx" ON "health_issue" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "interest_owner_search_idx" ON "interest" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "journal_entry_owner_search_idx" ON "journal_entry" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "life_plan_owner_search_idx" ON "life_plan" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "medicine_owner_search_idx" ON "medicine" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "mission_owner_search_idx" ON "mission" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "mood_owner_search_idx" ON "mood" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "movie_owner_search_idx" ON "movie" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "music_owner_search_idx" ON "music" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "note_owner_search_idx" ON "note" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "person_owner_search_idx" ON "person" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "place_owner_search_idx" ON "place" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "plannedactivity_owner_search_idx" ON "plannedactivity" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "program_owner_search_idx" ON "program" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "project_owner_search_idx" ON "project" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "question_owner_search_idx" ON "question" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "quote_owner_search_idx" ON "quote" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "reminder_owner_search_idx" ON "reminder" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "resolution_owner_search_idx" ON "resolution" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ritual_owner_search_idx" ON "ritual" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "routine_owner_search_idx" ON "routine" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "shared_page_owner_search_idx" ON "shared_page" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "skill_owner_search_idx" ON "skill" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sleep_score_owner_search_idx" ON "sleep_score" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "user_data_record_owner_search_idx" ON "user_data_record" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "user_data_type_owner_search_idx" ON "user_data_type" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "value_owner_search_idx" ON "value" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "website_owner_search_idx" ON "website" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "workout_owner_search_idx" ON "workout" USING gin ("user_id","board_id","search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "workout_session_owner_search_idx" ON "workout_session" USING gin ("user_id","board_id","search") WITH (fastupdate=false);