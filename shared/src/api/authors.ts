/** The wire shapes of authors' public pages and followed authors (GET /api/author/:author, /api/authors/followed). */

export interface PublicAuthor {
  id: number;
  slug: string;
  name: string;
  tagline: string | null;
}

/** What every view of a program names it by: the purchase pages, an author's page, the admin list. */
export interface ProgramSummary {
  id: number;
  guid: string;
  title: string;
  description: string;
  price_cents: number;
  currency: string;
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
