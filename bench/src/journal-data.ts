/**
 * The journal bench's data, made through the API as a user would make it (no database shortcut): a fresh
 * account, then entries created a few at a time. About 15–40 ms per entry on the 2-core machine.
 */
import type { Site } from './site';
import type { Session } from './visitor';

export interface BenchUser {
  session: Session;
  boardId: number;
}

/** The rare word of the search measurement: in 1 entry of 100. */
export const searchWord = 'needle';

const words = [
  'morning',
  'walk',
  'coffee',
  'garden',
  'letter',
  'river',
  'work',
  'friend',
  'quiet',
  'evening',
  'rain',
  'book',
  'music',
  'train',
  'bread',
  'window',
];

export async function post(site: Site, path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${site.apiUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

export async function signUpBenchUser(site: Site): Promise<BenchUser> {
  const email = `bench-journal-${Date.now()}@example.com`;
  const registered = await post(site, '/api/register', {
    name: 'Bench Journal',
    email,
    password: 'bench journal password',
  });
  const session = { token: String(registered.token), user: registered.user as Session['user'] };
  const boards = await fetch(`${site.apiUrl}/api/board/all`, {
    headers: { Authorization: `Bearer ${session.token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  const list = ((await boards.json()) as { boards: { id: number }[] }).boards;
  return { session, boardId: list[0].id };
}

/** A body of `count` words in paragraphs of 100, as the editor stores it. */
export function wordsBody(count: number, seed = 0, extra = ''): string {
  const paragraphs: string[] = [];
  for (let start = 0; start < count; start += 100) {
    const line = Array.from(
      { length: Math.min(100, count - start) },
      (_, i) => words[(seed + start + i * 7) % words.length],
    );
    paragraphs.push(`<p>${line.join(' ')}</p>`);
  }
  return paragraphs.join('') + (extra ? `<p>${extra}</p>` : '');
}

function dayBefore(days: number): string {
  return new Date(Date.UTC(2026, 10, 22) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Creates entries `from`…`to - 1` (entry n is dated n days back; 1 in 100 holds the search word in its title and text). */
export async function createEntries(
  site: Site,
  user: BenchUser,
  from: number,
  to: number,
  concurrency = 6,
): Promise<void> {
  let next = from;
  const worker = async () => {
    for (let n = next++; n < to; n = next++) {
      const hasWord = n % 100 === 42;
      await post(
        site,
        '/api/journal_entry/create',
        {
          board: user.boardId,
          params: {
            title: hasWord ? `Needle day ${n}` : `Day ${n}`,
            body: wordsBody(60, n, hasWord ? `found a ${searchWord} today` : ''),
            date: dayBefore(n % 3650),
            word_count: hasWord ? 64 : 60,
          },
        },
        user.session.token,
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export async function createEntry(site: Site, user: BenchUser, fields: Record<string, unknown>): Promise<number> {
  const answer = await post(
    site,
    '/api/journal_entry/create',
    { board: user.boardId, params: fields },
    user.session.token,
  );
  return (answer.journal_entry as { id: number }).id;
}

/** Milliseconds for one `POST /api/journal_entry/all` with a search, and how many entries it returned. */
export async function timeApiSearch(
  site: Site,
  user: BenchUser,
  search: string,
): Promise<{ ms: number; count: number }> {
  const started = performance.now();
  const answer = await post(
    site,
    '/api/journal_entry/all',
    { board: user.boardId, params: { search } },
    user.session.token,
  );
  const ms = performance.now() - started;
  return { ms, count: Array.isArray(answer.journalEntries) ? answer.journalEntries.length : 0 };
}
