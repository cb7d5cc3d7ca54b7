-- Public shared pages are looked up by slug (`GET /api/public/shared/:slug`).
CREATE UNIQUE INDEX IF NOT EXISTS "shared_page_slug_idx" ON "shared_page" ((data->>'slug'));
