import { coverOf } from '@lifeboard/shared/api/authors';
import type { AuthorProfile, FollowedAuthor, PublicProgram } from '@lifeboard/shared/api/authors';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { authorProfiles, subscriptions, users } from '../../db/schema';
import { sanitizeRichText } from '../../rich-text/sanitize';

/** The public address of an author: their name made readable, then their id (`ada-lovelace-12`). */
export function authorSlug(id: number, name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return words ? `${words}-${id}` : String(id);
}

/** The user id in an author address: `12` or `anything-12`; null when there is none. */
export function authorIdOf(key: string): number | null {
  const match = key.length > 200 ? null : /^(?:[a-z0-9-]*-)?(\d{1,10})$/i.exec(key);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

type ProgramRow = typeof modelTables.program.$inferSelect;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** Only what a signed-out visitor may read of a program (never its board, owner or draft fields). */
export function publicProgram(row: ProgramRow): PublicProgram {
  const template = (
    typeof row.data.template === 'object' && row.data.template !== null ? row.data.template : {}
  ) as Record<string, unknown>;
  return {
    id: row.id,
    guid: text(row.data.guid),
    title: text(row.data.title),
    description: sanitizeRichText(text(row.data.description)),
    price_cents: typeof row.data.price_cents === 'number' ? row.data.price_cents : 0,
    currency: text(row.data.currency) || 'USD',
    ...coverOf(row.data),
    installs: { goals: count(template.goals), habits: count(template.habits), routines: count(template.routines) },
    published_at: row.createdAt.toISOString(),
  };
}

const isPublished = () => sql`${modelTables.program.data}->>'status' = 'published'`;

export async function publishedProgramsOf(db: Db, userId: number): Promise<ProgramRow[]> {
  const programs = modelTables.program;
  return db
    .select()
    .from(programs)
    .where(and(eq(programs.userId, userId), isPublished()))
    .orderBy(desc(programs.createdAt), desc(programs.id))
    .limit(100);
}

/**
 * A user is an author when they signed up as a creator or have published a program; anyone else is
 * unknown here, so the public page never reveals ordinary accounts. The tagline shows only when they chose so.
 */
export async function findAuthor(
  db: Db,
  id: number,
): Promise<{ author: AuthorProfile; programs: PublicProgram[] } | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      tagline: users.tagline,
      showTagline: users.showTagline,
      profile: authorProfiles,
    })
    .from(users)
    .leftJoin(authorProfiles, eq(authorProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!user) return null;
  const programs = await publishedProgramsOf(db, user.id);
  if (user.role !== 'creator' && programs.length === 0) return null;
  const name = user.profile?.name ?? user.name;
  return {
    author: {
      id: user.id,
      slug: authorSlug(user.id, name),
      name,
      tagline: user.showTagline && user.tagline ? user.tagline : null,
      verified: user.profile?.verifiedAt != null,
      bio: user.profile?.bio ?? null,
      photo: user.profile?.photo ?? null,
      links: user.profile?.links ?? [],
    },
    programs: programs.map(publicProgram),
  };
}

/** The authors of the programs a user subscribed to, each with those programs (latest subscription first). */
export async function followedAuthors(db: Db, userId: number): Promise<FollowedAuthor[]> {
  const programs = modelTables.program;
  const rows = await db
    .select({
      subscriptionId: subscriptions.id,
      status: subscriptions.status,
      boardId: subscriptions.boardId,
      subscribedAt: subscriptions.createdAt,
      programId: programs.id,
      programData: programs.data,
      authorId: programs.userId,
    })
    .from(subscriptions)
    .innerJoin(programs, eq(programs.id, subscriptions.programId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(500);
  if (!rows.length) return [];
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const people = await db
    .select({ id: users.id, name: users.name, tagline: users.tagline, showTagline: users.showTagline })
    .from(users)
    .where(inArray(users.id, authorIds));
  const byId = new Map(people.map((p) => [p.id, p]));
  const authors = new Map<number, FollowedAuthor>();
  const seen = new Set<number>();
  for (const row of rows) {
    const person = byId.get(row.authorId);
    if (!person) continue;
    // One line per program: its latest subscription.
    if (seen.has(row.programId)) continue;
    seen.add(row.programId);
    let author = authors.get(person.id);
    if (!author) {
      author = {
        id: person.id,
        slug: authorSlug(person.id, person.name),
        name: person.name,
        tagline: person.showTagline && person.tagline ? person.tagline : null,
        programs: [],
      };
      authors.set(person.id, author);
    }
    author.programs.push({
      id: row.programId,
      guid: text(row.programData.guid),
      title: text(row.programData.title),
      subscription_id: row.subscriptionId,
      status: row.status,
      board_id: row.boardId,
      subscribed_at: row.subscribedAt.toISOString(),
    });
  }
  return [...authors.values()];
}
