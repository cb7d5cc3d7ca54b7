import { coverOf } from '@lifeboard/shared/api/authors';
import type {
  AuthorProfile,
  FollowedAuthor,
  FollowedProgram,
  PublicAuthor,
  PublicProgram,
} from '@lifeboard/shared/api/authors';
import { isRecord, listOf } from '@lifeboard/shared/api/use-api-get';

export type { FollowedAuthor, FollowedProgram, PublicAuthor, PublicProgram };

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function readAuthor(value: unknown): PublicAuthor | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string') return null;
  return {
    id: value.id,
    slug: str(value.slug) || String(value.id),
    name: value.name,
    tagline: typeof value.tagline === 'string' && value.tagline ? value.tagline : null,
  };
}

export function readProgram(value: Record<string, unknown>): PublicProgram | null {
  if (typeof value.id !== 'number' || typeof value.guid !== 'string') return null;
  const installs = isRecord(value.installs) ? value.installs : {};
  return {
    id: value.id,
    guid: value.guid,
    title: str(value.title),
    description: str(value.description),
    price_cents: num(value.price_cents),
    currency: str(value.currency) || 'USD',
    ...coverOf(value),
    installs: { goals: num(installs.goals), habits: num(installs.habits), routines: num(installs.routines) },
    published_at: str(value.published_at),
  };
}

/** The page's own parts of an author: the verified mark, and the bio, photo and links an admin set. */
function readProfile(value: unknown): AuthorProfile | null {
  const author = readAuthor(value);
  if (!author || !isRecord(value)) return null;
  const links = Array.isArray(value.links) ? value.links.filter(isRecord) : [];
  return {
    ...author,
    verified: value.verified === true,
    bio: typeof value.bio === 'string' && value.bio ? value.bio : null,
    photo: typeof value.photo === 'string' && value.photo ? value.photo : null,
    links: links.map((l) => ({ label: str(l.label), url: str(l.url) })).filter((l) => /^https?:\/\//.test(l.url)),
  };
}

/** `GET /api/author/:author`. */
export function readAuthorPage(body: unknown): { author: AuthorProfile; programs: PublicProgram[] } | null {
  const author = isRecord(body) ? readProfile(body.author) : null;
  const programs = listOf(body, 'programs');
  if (!author || !programs) return null;
  return { author, programs: programs.map(readProgram).filter((p): p is PublicProgram => p !== null) };
}

/** `GET /api/authors/followed`. */
export function readFollowed(body: unknown): FollowedAuthor[] | null {
  const list = listOf(body, 'authors');
  if (!list) return null;
  return list.flatMap((item) => {
    const author = readAuthor(item);
    if (!author) return [];
    const programs = (Array.isArray(item.programs) ? item.programs.filter(isRecord) : []).map((p): FollowedProgram => ({
      id: num(p.id),
      guid: str(p.guid),
      title: str(p.title),
      subscription_id: num(p.subscription_id),
      status: p.status === 'active' ? 'active' : 'cancelled',
      board_id: typeof p.board_id === 'number' ? p.board_id : null,
      subscribed_at: str(p.subscribed_at),
    }));
    return [{ ...author, programs }];
  });
}

/** What a program puts on its board, for people: "2 goals, 3 habits". */
export function installsText(installs: PublicProgram['installs']): string {
  const parts = [
    installs.goals ? `${installs.goals} goal${installs.goals === 1 ? '' : 's'}` : '',
    installs.habits ? `${installs.habits} habit${installs.habits === 1 ? '' : 's'}` : '',
    installs.routines ? `${installs.routines} routine${installs.routines === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length ? `Installs ${parts.join(', ')}` : 'Guidance only';
}
