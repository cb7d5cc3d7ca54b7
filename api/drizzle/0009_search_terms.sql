CREATE TABLE "search_terms" (
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"model" text NOT NULL,
	"lexeme" text NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"record_id" bigint NOT NULL,
	CONSTRAINT "search_terms_pkey" PRIMARY KEY("user_id","board_id","model","lexeme","sort_at","record_id")
);
--> statement-breakpoint
-- The term table's rows follow each record of a newest-first searchable model (db/search-terms-schema.ts,
-- models/search-terms.ts): all of them on insert and delete, and on update only the words that changed, so an
-- autosave of a long journal entry rewrites a few rows, not thousands. A record that changes board, owner or
-- place in the order has its rows rewritten.
CREATE FUNCTION search_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id AND OLD.board_id = NEW.board_id AND OLD.sort_at = NEW.sort_at THEN
    IF OLD.search IS DISTINCT FROM NEW.search THEN
      DELETE FROM search_terms
        WHERE user_id = OLD.user_id AND board_id = OLD.board_id AND model = TG_TABLE_NAME AND sort_at = OLD.sort_at AND record_id = OLD.id
          AND lexeme = ANY (ARRAY(SELECT unnest(tsvector_to_array(OLD.search)) EXCEPT SELECT unnest(tsvector_to_array(NEW.search))));
      INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id)
        SELECT NEW.user_id, NEW.board_id, TG_TABLE_NAME, word, NEW.sort_at, NEW.id
        FROM (SELECT unnest(tsvector_to_array(NEW.search)) EXCEPT SELECT unnest(tsvector_to_array(OLD.search))) added (word);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_terms
      WHERE user_id = OLD.user_id AND board_id = OLD.board_id AND model = TG_TABLE_NAME AND sort_at = OLD.sort_at AND record_id = OLD.id
        AND lexeme = ANY (tsvector_to_array(OLD.search));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id)
      SELECT NEW.user_id, NEW.board_id, TG_TABLE_NAME, word, NEW.sort_at, NEW.id FROM unnest(tsvector_to_array(NEW.search)) word;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reminder_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "reminder" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "program_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "program" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "goal_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "goal" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "mood_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "mood" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "project_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "project" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "note_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "note" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "person_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "person" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "place_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "place" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "exercise_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "exercise" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "mission_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "mission" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "workout_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "workout" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "book_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "book" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "event_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "event" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "activity_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "activity" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "plannedactivity_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "plannedactivity" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "workout_session_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "workout_session" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "life_plan_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "life_plan" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "journal_entry_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "journal_entry" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "sleep_score_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "sleep_score" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "quote_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "quote" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "question_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "question" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "movie_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "movie" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "music_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "music" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "website_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "website" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "business_idea_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "business_idea" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "health_issue_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "health_issue" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "medicine_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "medicine" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "daily_activity_list_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "daily_activity_list" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
CREATE TRIGGER "user_data_type_search_terms" AFTER INSERT OR UPDATE OR DELETE ON "user_data_type" FOR EACH ROW EXECUTE FUNCTION search_terms_sync();--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'reminder', unnest(tsvector_to_array(search)), sort_at, id FROM "reminder";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'program', unnest(tsvector_to_array(search)), sort_at, id FROM "program";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'goal', unnest(tsvector_to_array(search)), sort_at, id FROM "goal";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'mood', unnest(tsvector_to_array(search)), sort_at, id FROM "mood";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'project', unnest(tsvector_to_array(search)), sort_at, id FROM "project";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'note', unnest(tsvector_to_array(search)), sort_at, id FROM "note";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'person', unnest(tsvector_to_array(search)), sort_at, id FROM "person";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'place', unnest(tsvector_to_array(search)), sort_at, id FROM "place";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'exercise', unnest(tsvector_to_array(search)), sort_at, id FROM "exercise";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'mission', unnest(tsvector_to_array(search)), sort_at, id FROM "mission";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'workout', unnest(tsvector_to_array(search)), sort_at, id FROM "workout";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'book', unnest(tsvector_to_array(search)), sort_at, id FROM "book";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'event', unnest(tsvector_to_array(search)), sort_at, id FROM "event";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'activity', unnest(tsvector_to_array(search)), sort_at, id FROM "activity";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'plannedactivity', unnest(tsvector_to_array(search)), sort_at, id FROM "plannedactivity";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'workout_session', unnest(tsvector_to_array(search)), sort_at, id FROM "workout_session";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'life_plan', unnest(tsvector_to_array(search)), sort_at, id FROM "life_plan";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'journal_entry', unnest(tsvector_to_array(search)), sort_at, id FROM "journal_entry";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'sleep_score', unnest(tsvector_to_array(search)), sort_at, id FROM "sleep_score";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'quote', unnest(tsvector_to_array(search)), sort_at, id FROM "quote";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'question', unnest(tsvector_to_array(search)), sort_at, id FROM "question";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'movie', unnest(tsvector_to_array(search)), sort_at, id FROM "movie";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'music', unnest(tsvector_to_array(search)), sort_at, id FROM "music";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'website', unnest(tsvector_to_array(search)), sort_at, id FROM "website";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'business_idea', unnest(tsvector_to_array(search)), sort_at, id FROM "business_idea";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'health_issue', unnest(tsvector_to_array(search)), sort_at, id FROM "health_issue";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'medicine', unnest(tsvector_to_array(search)), sort_at, id FROM "medicine";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'daily_activity_list', unnest(tsvector_to_array(search)), sort_at, id FROM "daily_activity_list";--> statement-breakpoint
INSERT INTO search_terms (user_id, board_id, model, lexeme, sort_at, record_id) SELECT user_id, board_id, 'user_data_type', unnest(tsvector_to_array(search)), sort_at, id FROM "user_data_type";
