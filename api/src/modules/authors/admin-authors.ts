import { coverTypeNames, coverTypes, uploadIdPattern } from '@lifeboard/shared/models/images';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelTables } from '../../db/model-tables';
import { authorProfiles, users } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { escapeLike, recordAudit } from '../admin/audit';
import { findOwnUpload, transferUpload } from '../uploads/upload-records';
import { authorLink } from './responses';
import { authorSlug } from './service';

const adminAuthor = z.object({
  id: z.number().int(),
  slug: z.string().describe('The public page is /author/{slug}.'),
  email: z.string(),
  account_name: z.string().describe("The account's own name."),
  name: z.string().describe('The name the public page shows.'),
  bio: z.string().nullable(),
  photo: z.string().nullable().describe("The photo's upload id."),
  links: z.array(authorLink),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  programs: z.number().int().describe('Programs they made, drafts included.'),
  published: z.number().int(),
});
type AdminAuthor = z.infer<typeof adminAuthor>;

const authorList = documented(
  z
    .object({ success: z.literal(true), authors: z.array(adminAuthor) })
    .meta({ description: 'Creators and everyone who made a program, by name; at most 200.' }),
);
const oneAuthor = documented(
  z.object({ success: z.literal(true), author: adminAuthor }).meta({ description: 'The author as saved.' }),
);

const link = z
  .object({
    label: z.string().trim().min(1, 'needs a label').max(60, 'must be at most 60 characters'),
    url: z
      .string()
      .trim()
      .max(500, 'must be at most 500 characters')
      .refine((value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, 'must be a web address starting with https://'),
  })
  .strict();

const pageBody = z
  .object({
    id: dbId,
    name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    bio: z.string().trim().max(2000, 'must be at most 2,000 characters'),
    photo: z.string().max(100).nullable().describe('An image the admin uploaded (POST /api/uploads/image), or null.'),
    links: z.array(link).max(8, 'at most 8 links'),
  })
  .strict();

/** The authors the admin area lists: creators, and anyone with a program. */
async function listAuthors(app: FastifyInstance, query: { q?: string; id?: number }): Promise<AdminAuthor[]> {
  const programs = modelTables.program;
  const words = query.q?.trim();
  const rows = await app.db
    .select({
      id: users.id,
      email: users.email,
      accountName: users.name,
      profile: authorProfiles,
      programs: sql<number>`(select count(*)::int from ${programs} where ${programs.userId} = ${users.id})`,
      published: sql<number>`(select count(*)::int from ${programs} where ${programs.userId} = ${users.id} and ${programs.data}->>'status' = 'published')`,
    })
    .from(users)
    .leftJoin(authorProfiles, eq(authorProfiles.userId, users.id))
    .where(
      and(
        or(eq(users.role, 'creator'), sql`exists (select 1 from ${programs} where ${programs.userId} = ${users.id})`),
        query.id ? eq(users.id, query.id) : undefined,
        words
          ? or(
              ilike(users.name, `%${escapeLike(words)}%`),
              ilike(users.email, `%${escapeLike(words)}%`),
              ilike(authorProfiles.name, `%${escapeLike(words)}%`),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${authorProfiles.name}, ${users.name}))`), asc(users.id))
    .limit(200);
  return rows.map((row) => {
    const name = row.profile?.name ?? row.accountName;
    return {
      id: row.id,
      slug: authorSlug(row.id, name),
      email: row.email,
      account_name: row.accountName,
      name,
      bio: row.profile?.bio ?? null,
      photo: row.profile?.photo ?? null,
      links: row.profile?.links ?? [],
      verified: row.profile?.verifiedAt != null,
      verified_at: row.profile?.verifiedAt?.toISOString() ?? null,
      programs: row.programs,
      published: row.published,
    };
  });
}

async function oneOf(app: FastifyInstance, id: number): Promise<AdminAuthor> {
  const [author] = await listAuthors(app, { id });
  if (!author) throw notFound('No such author.');
  return author;
}

/** `/api/admin/authors`: list authors, verify them, and edit their public page; each change goes in the audit log. */
export async function adminAuthorRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/authors',
    {
      schema: {
        tags: ['admin'],
        summary: 'Authors (creators and anyone with a program), searchable by name or e-mail',
        querystring: z.object({ q: z.string().max(200).optional() }).strict(),
        response: { 200: authorList },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({ success: true as const, authors: await listAuthors(app, request.query) }),
  );

  api.post(
    '/api/admin/authors/verify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark an author verified (or take the mark away): it shows on their page and their programs',
        body: z.object({ id: dbId, verified: z.boolean() }).strict(),
        response: { 200: oneAuthor, ...errorsOf(404) },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { id, verified } = request.body;
      const before = await oneOf(app, id);
      if (before.verified !== verified) {
        const verifiedAt = verified ? new Date() : null;
        await app.db
          .insert(authorProfiles)
          .values({ userId: id, verifiedAt })
          .onConflictDoUpdate({ target: authorProfiles.userId, set: { verifiedAt, updatedAt: new Date() } });
        await recordAudit(app.db, {
          actorId: authOf(request).userId,
          action: 'author.verify',
          targetType: 'user',
          targetId: id,
          detail: { email: before.email, name: before.name, verified },
        });
      }
      return { success: true as const, author: await oneOf(app, id) };
    },
  );

  api.post(
    '/api/admin/authors/update',
    {
      schema: {
        tags: ['admin'],
        summary: "Edit an author's public page: name, bio, photo and links",
        body: pageBody,
        response: { 200: oneAuthor, ...errorsOf(404) },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const admin = authOf(request).userId;
      const { id, name, bio, photo, links } = request.body;
      const before = await oneOf(app, id);
      if (photo !== null && photo !== before.photo) {
        // A new photo is an image the admin just uploaded; it then belongs to the author, as a cover does.
        const upload = uploadIdPattern.test(photo) ? await findOwnUpload(app.db, admin, photo) : undefined;
        if (!upload) throw invalid({ photo: ['is not an image you uploaded: upload the photo first'] });
        if (!coverTypes.includes(upload.contentType))
          throw invalid({ photo: [`must be a ${coverTypeNames} image`] }, `A photo must be a ${coverTypeNames} image.`);
        await transferUpload(app.db, photo, id);
      }
      const values = {
        // The account's own name is kept as it is; a page name equal to it stores nothing.
        name: name === before.account_name ? null : name,
        bio: bio || null,
        photo,
        links,
        updatedAt: new Date(),
      };
      await app.db
        .insert(authorProfiles)
        .values({ userId: id, ...values })
        .onConflictDoUpdate({ target: authorProfiles.userId, set: values });
      const after = await oneOf(app, id);
      const changed = (['name', 'bio', 'photo', 'links'] as const).filter(
        (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
      );
      if (changed.length)
        await recordAudit(app.db, {
          actorId: admin,
          action: 'author.page',
          targetType: 'user',
          targetId: id,
          detail: {
            email: after.email,
            name: after.name,
            changed,
            ...(changed.includes('name') ? { from_name: before.name } : {}),
          },
        });
      return { success: true as const, author: after };
    },
  );
}
