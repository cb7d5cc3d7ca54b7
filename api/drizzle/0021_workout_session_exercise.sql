CREATE TABLE "workout_session_exercise" (
	"session_id" bigint NOT NULL,
	"exercise_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"max_weight" numeric,
	"best_e1rm" numeric,
	"max_reps" integer NOT NULL,
	"volume" numeric NOT NULL,
	CONSTRAINT "workout_session_exercise_session_id_exercise_id_pk" PRIMARY KEY("session_id","exercise_id")
);
--> statement-breakpoint
ALTER TABLE "workout_session_exercise" ADD CONSTRAINT "workout_session_exercise_session_id_workout_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."workout_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workout_session_exercise_owner_idx" ON "workout_session_exercise" USING btree ("user_id","board_id","exercise_id");--> statement-breakpoint
-- workout_session_exercise follows workout_session (db/training-schema.ts). One session's rows, from its sets as
-- shared/models/training.ts counts them: a set counts when it was done (`done` is not false) with reps; Epley's
-- e1rm is weight × (30 + reps) / 30 above one rep and the weight at one, to the cent; volume is the sum of
-- weight × reps to the cent (a set without weight adds 0 but its reps still count).
CREATE FUNCTION workout_session_exercise_rows(sets jsonb)
RETURNS TABLE (exercise_id bigint, max_weight numeric, best_e1rm numeric, max_reps integer, volume numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT s.exercise_id,
    max(s.weight) FILTER (WHERE s.weight > 0),
    max(round(CASE WHEN s.reps = 1 THEN s.weight ELSE s.weight * (30 + s.reps) / 30 END, 2)) FILTER (WHERE s.weight > 0),
    max(s.reps)::integer,
    round(sum(s.reps * coalesce(s.weight, 0)), 2)
  FROM jsonb_to_recordset(CASE jsonb_typeof(sets) WHEN 'array' THEN sets ELSE '[]'::jsonb END)
    AS s(exercise_id bigint, reps numeric, weight numeric, done boolean)
  WHERE s.done IS DISTINCT FROM false AND s.reps > 0 AND s.exercise_id IS NOT NULL
  GROUP BY s.exercise_id
$$;
--> statement-breakpoint
-- A new session gets its rows; a changed one is rewritten whole (a session has at most 500 sets), only when its
-- sets, owner or board changed, so saving a title or a note costs nothing here. A deleted session's rows go by the
-- foreign key's cascade.
CREATE FUNCTION workout_session_exercise_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM workout_session_exercise WHERE session_id = OLD.id;
  END IF;
  INSERT INTO workout_session_exercise (session_id, exercise_id, user_id, board_id, max_weight, best_e1rm, max_reps, volume)
    SELECT NEW.id, r.exercise_id, NEW.user_id, NEW.board_id, r.max_weight, r.best_e1rm, r.max_reps, r.volume
    FROM workout_session_exercise_rows(NEW.data->'sets') r;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workout_session_exercise_insert AFTER INSERT ON workout_session FOR EACH ROW EXECUTE FUNCTION workout_session_exercise_sync();
--> statement-breakpoint
CREATE TRIGGER workout_session_exercise_update AFTER UPDATE ON workout_session FOR EACH ROW
  WHEN (OLD.data->'sets' IS DISTINCT FROM NEW.data->'sets' OR OLD.user_id <> NEW.user_id OR OLD.board_id <> NEW.board_id)
  EXECUTE FUNCTION workout_session_exercise_sync();
--> statement-breakpoint
INSERT INTO workout_session_exercise (session_id, exercise_id, user_id, board_id, max_weight, best_e1rm, max_reps, volume)
SELECT w.id, r.exercise_id, w.user_id, w.board_id, r.max_weight, r.best_e1rm, r.max_reps, r.volume
FROM workout_session w CROSS JOIN LATERAL workout_session_exercise_rows(w.data->'sets') r;
