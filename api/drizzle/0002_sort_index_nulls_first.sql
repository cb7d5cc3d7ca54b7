DROP INDEX "activity_sort_idx";--> statement-breakpoint
DROP INDEX "belief_sort_idx";--> statement-breakpoint
DROP INDEX "book_sort_idx";--> statement-breakpoint
DROP INDEX "business_idea_sort_idx";--> statement-breakpoint
DROP INDEX "category_sort_idx";--> statement-breakpoint
DROP INDEX "chapter_sort_idx";--> statement-breakpoint
DROP INDEX "daily_activity_list_sort_idx";--> statement-breakpoint
DROP INDEX "event_sort_idx";--> statement-breakpoint
DROP INDEX "exercise_sort_idx";--> statement-breakpoint
DROP INDEX "goal_sort_idx";--> statement-breakpoint
DROP INDEX "habit_sort_idx";--> statement-breakpoint
DROP INDEX "health_issue_sort_idx";--> statement-breakpoint
DROP INDEX "interest_sort_idx";--> statement-breakpoint
DROP INDEX "journal_entry_sort_idx";--> statement-breakpoint
DROP INDEX "life_plan_sort_idx";--> statement-breakpoint
DROP INDEX "medicine_sort_idx";--> statement-breakpoint
DROP INDEX "mission_sort_idx";--> statement-breakpoint
DROP INDEX "mood_sort_idx";--> statement-breakpoint
DROP INDEX "movie_sort_idx";--> statement-breakpoint
DROP INDEX "music_sort_idx";--> statement-breakpoint
DROP INDEX "note_sort_idx";--> statement-breakpoint
DROP INDEX "person_sort_idx";--> statement-breakpoint
DROP INDEX "place_sort_idx";--> statement-breakpoint
DROP INDEX "plannedactivity_sort_idx";--> statement-breakpoint
DROP INDEX "program_sort_idx";--> statement-breakpoint
DROP INDEX "project_sort_idx";--> statement-breakpoint
DROP INDEX "question_sort_idx";--> statement-breakpoint
DROP INDEX "quote_sort_idx";--> statement-breakpoint
DROP INDEX "reminder_sort_idx";--> statement-breakpoint
DROP INDEX "resolution_sort_idx";--> statement-breakpoint
DROP INDEX "ritual_sort_idx";--> statement-breakpoint
DROP INDEX "routine_sort_idx";--> statement-breakpoint
DROP INDEX "shared_page_sort_idx";--> statement-breakpoint
DROP INDEX "skill_sort_idx";--> statement-breakpoint
DROP INDEX "sleep_score_sort_idx";--> statement-breakpoint
DROP INDEX "user_data_record_sort_idx";--> statement-breakpoint
DROP INDEX "user_data_type_sort_idx";--> statement-breakpoint
DROP INDEX "value_sort_idx";--> statement-breakpoint
DROP INDEX "website_sort_idx";--> statement-breakpoint
DROP INDEX "workout_sort_idx";--> statement-breakpoint
DROP INDEX "workout_session_sort_idx";--> statement-breakpoint
CREATE INDEX "activity_sort_idx" ON "activity" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "belief_sort_idx" ON "belief" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "book_sort_idx" ON "book" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "business_idea_sort_idx" ON "business_idea" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "category_sort_idx" ON "category" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chapter_sort_idx" ON "chapter" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "daily_activity_list_sort_idx" ON "daily_activity_list" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "event_sort_idx" ON "event" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exercise_sort_idx" ON "exercise" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "goal_sort_idx" ON "goal" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "habit_sort_idx" ON "habit" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "health_issue_sort_idx" ON "health_issue" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interest_sort_idx" ON "interest" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "journal_entry_sort_idx" ON "journal_entry" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "life_plan_sort_idx" ON "life_plan" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "medicine_sort_idx" ON "medicine" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mission_sort_idx" ON "mission" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mood_sort_idx" ON "mood" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movie_sort_idx" ON "movie" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "music_sort_idx" ON "music" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "note_sort_idx" ON "note" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "person_sort_idx" ON "person" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "place_sort_idx" ON "place" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plannedactivity_sort_idx" ON "plannedactivity" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "program_sort_idx" ON "program" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "project_sort_idx" ON "project" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "question_sort_idx" ON "question" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quote_sort_idx" ON "quote" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reminder_sort_idx" ON "reminder" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "resolution_sort_idx" ON "resolution" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ritual_sort_idx" ON "ritual" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "routine_sort_idx" ON "routine" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shared_page_sort_idx" ON "shared_page" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "skill_sort_idx" ON "skill" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sleep_score_sort_idx" ON "sleep_score" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_data_record_sort_idx" ON "user_data_record" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_data_type_sort_idx" ON "user_data_type" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "value_sort_idx" ON "value" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "website_sort_idx" ON "website" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workout_sort_idx" ON "workout" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workout_session_sort_idx" ON "workout_session" USING btree ("user_id","board_id","sort_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);