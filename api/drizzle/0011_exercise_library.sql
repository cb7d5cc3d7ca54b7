-- Built-in exercises (api/data/exercises) have the ids 2000000000 and up, for every user: a custom exercise's id
-- stays below them, so a workout's exercise_id names one exercise, never two.
ALTER SEQUENCE "exercise_id_seq" MAXVALUE 1999999999;
--> statement-breakpoint
-- The muscle catalogue becomes the exercise library's 17 muscles (modules/muscles/catalogue.ts). Names that are
-- one of those are renamed in place, so the exercises naming them keep their ids.
UPDATE "muscle" SET "name" = 'Shoulders', "group" = 'Shoulders', "side" = 'front' WHERE "name" = 'Front deltoids';
--> statement-breakpoint
UPDATE "muscle" SET "name" = 'Lats' WHERE "name" = 'Latissimus dorsi';
--> statement-breakpoint
UPDATE "muscle" SET "name" = 'Middle back' WHERE "name" = 'Rhomboids';
--> statement-breakpoint
UPDATE "muscle" SET "name" = 'Traps' WHERE "name" = 'Trapezius';
--> statement-breakpoint
-- The finer muscles the library does not name fold into the one that holds them, in every exercise naming them.
WITH "fold"("from_name", "to_name") AS (
  VALUES ('Side deltoids', 'Shoulders'), ('Rear deltoids', 'Shoulders'), ('Obliques', 'Abdominals'), ('Tibialis anterior', 'Calves')
), "ids" AS (
  SELECT "f"."id" AS "from_id", "t"."id" AS "to_id" FROM "fold"
    JOIN "muscle" "f" ON "f"."name" = "fold"."from_name" JOIN "muscle" "t" ON "t"."name" = "fold"."to_name"
)
UPDATE "exercise" SET "data" = jsonb_set("data", '{muscle_ids}', (
  SELECT coalesce(jsonb_agg(DISTINCT coalesce("ids"."to_id", "m"."value"::int)), '[]'::jsonb)
    FROM jsonb_array_elements_text("exercise"."data"->'muscle_ids') "m" LEFT JOIN "ids" ON "ids"."from_id" = "m"."value"::int
))
WHERE jsonb_typeof("data"->'muscle_ids') = 'array'
  AND EXISTS (SELECT 1 FROM "ids" WHERE "exercise"."data"->'muscle_ids' @> to_jsonb("ids"."from_id"));
--> statement-breakpoint
DELETE FROM "muscle" WHERE "name" IN ('Side deltoids', 'Rear deltoids', 'Obliques', 'Tibialis anterior');
