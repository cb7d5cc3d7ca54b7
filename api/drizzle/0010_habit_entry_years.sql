CREATE TABLE "habit_entry_year" (
	"habit_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"year" text NOT NULL,
	"lines" text NOT NULL,
	CONSTRAINT "habit_entry_year_habit_id_year_pk" PRIMARY KEY("habit_id","year")
);
--> statement-breakpoint
ALTER TABLE "habit_entry_year" ADD CONSTRAINT "habit_entry_year_habit_id_habit_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."habit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_entry_year" ADD CONSTRAINT "habit_entry_year_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "habit_entry_year_owner_idx" ON "habit_entry_year" USING btree ("user_id","habit_id");--> statement-breakpoint
-- habit_entry_year follows habit_entry (db/habit-schema.ts): after each statement, every (habit, year) it touched
-- is rebuilt from habit_entry, once per statement, so a bulk insert rebuilds each year once, not once per row.
-- A habit that is gone (its entries were deleted with it) is skipped: its years went with it (ON DELETE CASCADE).
CREATE FUNCTION habit_entry_year_rebuild(pairs jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO habit_entry_year (habit_id, user_id, year, lines)
  SELECT c.habit_id, c.user_id, c.year,
    coalesce((SELECT string_agg(e.date || E'\t' || e.value::text, E'\n' ORDER BY e.date) FROM habit_entry e
      WHERE e.habit_id = c.habit_id AND e.date >= c.year || '-01-01' AND e.date <= c.year || '-12-31'), '')
  FROM jsonb_to_recordset(pairs) AS c(habit_id bigint, user_id integer, year text)
  WHERE EXISTS (SELECT 1 FROM habit h WHERE h.id = c.habit_id)
  ON CONFLICT (habit_id, year) DO UPDATE SET lines = excluded.lines, user_id = excluded.user_id;
$$;
--> statement-breakpoint
CREATE FUNCTION habit_entry_year_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM habit_entry_year_rebuild(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('habit_id', habit_id, 'user_id', user_id, 'year', left(date, 4))) FROM new_rows), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION habit_entry_year_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM habit_entry_year_rebuild(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('habit_id', habit_id, 'user_id', user_id, 'year', left(date, 4)))
    FROM (SELECT habit_id, user_id, date FROM new_rows UNION SELECT habit_id, user_id, date FROM old_rows) AS changed), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION habit_entry_year_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM habit_entry_year_rebuild(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('habit_id', habit_id, 'user_id', user_id, 'year', left(date, 4))) FROM old_rows), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER habit_entry_year_insert AFTER INSERT ON habit_entry REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION habit_entry_year_after_insert();
--> statement-breakpoint
CREATE TRIGGER habit_entry_year_update AFTER UPDATE ON habit_entry REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION habit_entry_year_after_update();
--> statement-breakpoint
CREATE TRIGGER habit_entry_year_delete AFTER DELETE ON habit_entry REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION habit_entry_year_after_delete();
--> statement-breakpoint
INSERT INTO habit_entry_year (habit_id, user_id, year, lines)
SELECT habit_id, min(user_id), left(date, 4), string_agg(date || E'\t' || value::text, E'\n' ORDER BY date)
FROM habit_entry GROUP BY habit_id, left(date, 4);
