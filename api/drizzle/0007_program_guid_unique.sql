-- A program's guid is the key of its public links (`/sign-up/:guid`, `/program-purchase/:guid`): one program per guid.
-- Guids were once taken from the client, so a copy may exist: the oldest program keeps it, each later copy gets a new one.
UPDATE "program" SET "data" = jsonb_set("data", '{guid}', to_jsonb(replace(gen_random_uuid()::text, '-', '')))
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "data"->>'guid' ORDER BY "created_at", "id") AS "copy"
    FROM "program" WHERE "data" ? 'guid'
  ) AS "numbered" WHERE "copy" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "program_guid_idx" ON "program" (("data"->>'guid'));
