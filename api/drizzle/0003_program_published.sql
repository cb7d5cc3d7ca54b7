-- The catalogue (`/api/program/published`) reads everyone's published programs, newest first.
CREATE INDEX IF NOT EXISTS "program_published_idx" ON "program" ((data->>'status'), "created_at" DESC, "id" DESC);
