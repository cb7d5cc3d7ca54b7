import type { ModelName } from '@lifeboard/shared/models/index';
import { routeTable } from '../routes/route-table';

/** One line of the command palette: a screen to open, a record to open, or an action to run. */
export interface PaletteItem {
  id: string;
  kind: 'screen' | 'record' | 'action';
  label: string;
  /** Shown beside the label: the record's kind, the screen's area. */
  hint?: string;
  /** Where choosing it goes; an action without `to` runs `run`. */
  to?: string;
  habitId?: number;
}

/**
 * Every screen a signed-in person can open, from the route table: pages with an id in their path are reached
 * through their lists, and the admin's only by admins.
 */
export function screenItems(isAdmin: boolean): PaletteItem[] {
  return routeTable
    .filter(
      (route) =>
        (route.layout === 'user' || (route.layout === 'admin' && isAdmin) || route.path === '/security') &&
        !route.path.includes(':'),
    )
    .map((route) => ({ id: `screen:${route.path}`, kind: 'screen', label: route.title, to: route.path }));
}

/** The common actions, each in the words of its button. */
export const actionItems: readonly PaletteItem[] = [
  { id: 'action:new-entry', kind: 'action', label: 'New journal entry', to: '/journal?entry=new' },
  { id: 'action:log-mood', kind: 'action', label: 'Log a mood', to: '/moods' },
  { id: 'action:check-in', kind: 'action', label: 'Check in a habit', hint: 'type its name', to: '/habits' },
  { id: 'action:new-note', kind: 'action', label: 'New note', to: '/notes?note=new' },
  { id: 'action:new-goal', kind: 'action', label: 'New goal', to: '/new-goal' },
  { id: 'action:new-habit', kind: 'action', label: 'New habit', to: '/new-habit' },
];

/** The kinds of records the palette searches (each with the API's `all` and its `search`), and where one opens. */
export const searchedModels: readonly { model: ModelName; open: (id: number) => string }[] = [
  { model: 'journal_entry', open: (id) => `/journal?entry=${id}` },
  { model: 'note', open: (id) => `/notes?note=${id}` },
  { model: 'habit', open: (id) => `/habits/${id}` },
  { model: 'goal', open: (id) => `/goal/${id}` },
  { model: 'event', open: (id) => `/events/${id}` },
  { model: 'exercise', open: (id) => `/exercises/${id}` },
  { model: 'program', open: (id) => `/program/${id}` },
];

/**
 * How well `label` answers `query`: every word of the query must start a word of the label (or, for longer
 * words, appear in it). Higher is better; null when it does not match.
 */
export function matchScore(label: string, query: string): number | null {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const text = label.toLowerCase();
  const labelWords = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let score = 0;
  for (const word of words) {
    if (labelWords.some((part) => part.startsWith(word))) score += 2;
    else if (word.length > 2 && text.includes(word)) score += 1;
    else return null;
  }
  if (text.startsWith(words[0])) score += 3;
  return score;
}

/** The items matching `query`, best first, at most `limit`. */
export function rank(items: readonly PaletteItem[], query: string, limit: number): PaletteItem[] {
  return items
    .map((item) => ({ item, score: matchScore(item.label, query) }))
    .filter((row): row is { item: PaletteItem; score: number } => row.score !== null)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((row) => row.item);
}
