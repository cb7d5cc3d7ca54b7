CREATE TABLE "habit_checkpoint" (
	"habit_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" boolean DEFAULT false NOT NULL,
	"rule" text,
	"state" jsonb
);
--> statement-breakpoint
ALTER TABLE "habit_checkpoint" ADD CONSTRAINT "habit_checkpoint_habit_id_habit_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."habit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_checkpoint" ADD CONSTRAINT "habit_checkpoint_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- habit_checkpoint follows habit_entry (db/habit-schema.ts): after each statement, every habit it touched gets
-- one more `version`, and its checkpoint stops being valid if a changed day is before the checkpoint's day.
-- A habit without a row gets an invalid one, so that a reader's save (which expects no row) is refused; its
-- `state` then only carries the changed day to the ON CONFLICT branch. A habit that is gone is skipped.
CREATE FUNCTION habit_checkpoint_touch(changed jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO habit_checkpoint AS k (habit_id, user_id, valid, state)
  SELECT c.habit_id, c.user_id, false, jsonb_build_object('since', c.since)
  FROM jsonb_to_recordset(changed) AS c(habit_id bigint, user_id integer, since text)
  WHERE EXISTS (SELECT 1 FROM habit h WHERE h.id = c.habit_id)
  ON CONFLICT (habit_id) DO UPDATE SET version = k.version + 1,
    valid = k.valid AND coalesce(excluded.state->>'since' >= k.state->>'day', false);
$$;
--> statement-breakpoint
CREATE FUNCTION habit_checkpoint_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM habit_checkpoint_touch(coalesce((SELECT jsonb_agg(jsonb_build_object('habit_id', habit_id, 'user_id', user_id, 'since', since))
    FROM (SELECT habit_id, min(user_id) AS user_id, min(date) AS since FROM new_rows GROUP BY habit_id) AS c), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION habit_checkpoint_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM habit_checkpoint_touch(coalesce((SELECT jsonb_agg(jsonb_build_object('habit_id', habit_id, 'user_id', user_id, 'since', since))
    FROM (SELECT habit_id, min(user_id) AS user_id, min(date) AS since
      FROM (SELECT habit_id, user_id, date FROM new_rows UNION ALL SELECT habit_id, user_id, date FROM old_rows) AS changed GROUP BY habit_id) AS c), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION habit_checkpoint_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM habit_checkpoint_touch(coalesce((SELECT jsonb_agg(jsonb_build_object('habit_id', habit_id, 'user_id', user_id, 'since', since))
    FROM (SELECT habit_id, min(user_id) AS user_id, min(date) AS since FROM old_rows GROUP BY habit_id) AS c), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER habit_checkpoint_insert AFTER INSERT ON habit_entry REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION habit_checkpoint_after_insert();
--> statement-breakpoint
CREATE TRIGGER habit_checkpoint_update AFTER UPDATE ON habit_entry REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION habit_checkpoint_after_update();
--> statement-breakpoint
CREATE TRIGGER habit_checkpoint_delete AFTER DELETE ON habit_entry REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION habit_checkpoint_after_delete();
