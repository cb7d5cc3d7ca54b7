import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { sanitizeRichText } from '../../rich-text/sanitize';
import { documented, errorsOf } from '../../openapi';
import { sharedEntry } from './service';

/** What `/api/public/shared/:slug` answers, for /api/docs only: the answer is sent as it is. */
export const sharedPage = documented(
  z
    .object({
      success: z.literal(true),
      page: z.object({
        slug: z.string(),
        title: z.string(),
        body: z.string().describe('Sanitized rich text (HTML); empty when the page is sealed.'),
        sealed: z
          .string()
          .optional()
          .describe(
            "An encrypted entry's page: its title, body and date sealed in the owner's browser; the key is in the link's fragment, which browsers never send.",
          ),
        date: z.string().describe("The entry's date (YYYY-MM-DD), else the day it was created; empty when sealed."),
        shared_at: z.string().describe('An ISO instant.'),
      }),
    })
    .meta({ description: 'The shared entry, read signed out.' }),
);

const NOT_SHARED = 'This page is not shared (any more).';

/** `/a/:slug`, read signed out: the title and body of the shared entry, unless the share was revoked. */
export async function sharedPageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/public/shared/:slug',
    {
      schema: {
        tags: ['shared_page'],
        summary: 'A shared page, public',
        security: [],
        params: z.object({ slug: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
        response: { 200: sharedPage, ...errorsOf(404) },
      },
    },
    async (request) => {
      const found = await sharedEntry(app.db, request.params.slug);
      if (!found) throw notFound(NOT_SHARED);
      const { page, entry } = found;
      if (entry.data.encrypted === true) {
        // The server cannot read the entry: only the browser's sealed copy is served, never the entry's ciphertext.
        if (typeof page.data.sealed !== 'string') throw notFound(NOT_SHARED);
        return {
          success: true as const,
          page: {
            slug: request.params.slug,
            title: '',
            body: '',
            sealed: page.data.sealed,
            date: '',
            shared_at: page.createdAt.toISOString(),
          },
        };
      }
      const text = (field: string) => (typeof entry.data[field] === 'string' ? String(entry.data[field]) : '');
      return {
        success: true as const,
        page: {
          slug: request.params.slug,
          title: text('title'),
          body: sanitizeRichText(text('body')),
          date: text('date') || entry.createdAt.toISOString().slice(0, 10),
          shared_at: page.createdAt.toISOString(),
        },
      };
    },
  );
}
