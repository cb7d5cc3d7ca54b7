/** The wire shapes of authors' public pages and followed authors (GET /api/author/:author, /api/authors/followed). */

export interface PublicAuthor {
  id: number;
  slug: string;
  name: string;
  tagline: string | null;
}

/** A link on an author's page, as an admin set it. */
export interface AuthorLink {
  label: string;
  url: string;
}

/** The author on their public page: who they are as an admin set it, and whether an admin verified them. */
export interface AuthorProfile extends PublicAuthor {
  verified: boolean;
  bio: string | null;
  /** The photo's upload id (`/api/uploads/{id}`), null without one. */
  photo: string | null;
  links: AuthorLink[];
}

/** What every view of a program names it by: the purchase pages, an author's page, the admin list. */
export interface ProgramSummary {
  id: number;
  guid: string;
  title: string;
  description: string;
  price_cents: number;
  currency: string;
  /** The cover image's upload id (`/api/uploads/{id}`), null without one. */
  cover: string | null;
  /** What the cover shows, in the creator's words; null: the title stands for it. */
  cover_alt: string | null;
}

/** A program's cover fields as any answer carries them: the program record, the public and the admin shapes. */
export function coverOf(value: Record<string, unknown>): Pick<ProgramSummary, 'cover' | 'cover_alt'> {
  return {
    cover: typeof value.cover === 'string' && value.cover ? value.cover : null,
    cover_alt: typeof value.cover_alt === 'string' && value.cover_alt.trim() ? value.cover_alt : null,
  };
}

/** Only what a signed-out visitor may read of a program. */
export interface PublicProgram extends ProgramSummary {
  installs: { goals: number; habits: number; routines: number };
  published_at: string;
}

export interface FollowedProgram {
  id: number;
  guid: string;
  title: string;
  subscription_id: number;
  status: 'active' | 'cancelled';
  board_id: number | null;
  subscribed_at: string;
}

export interface FollowedAuthor extends PublicAuthor {
  programs: FollowedProgram[];
}
