import { atom } from 'nanostores';
import {
  fetchHabitOverview,
  fetchHabitStats,
  saveCheckIn,
  type CheckInValue,
  type HabitDay,
  type HabitRow,
} from '../api/habits';
import { localDate } from '../ui/model/local-date';
import { registerClearable } from './data';
import { notify } from './notifications';

/**
 * The habits of the current board with the server's stats and last 7 days: one store for `/habits` and the
 * home page's "Habits due today", so a check-in on either shows on both at once.
 */
export const $habitRows = atom<HabitRow[]>([]);
export const $habitRowsStatus = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');
export const $habitRowsMore = atom<number | null>(null);
/** Habits shown outside the list (a habit's own page, an archived habit), by id: check-ins update them too. */
export const $habitRowsShown = atom<Record<number, HabitRow>>({});

/** Loads one habit's stats as a row for its own page. */
export async function loadHabitRow(board: number, habit: HabitRow['habit']): Promise<boolean> {
  const stats = await fetchHabitStats(board, habit.id, localDate());
  if (!stats) return false;
  $habitRowsShown.set({ ...$habitRowsShown.get(), [habit.id]: { habit, stats } });
  return true;
}

/** Counts saved check-ins: a habit's page reloads its history and heatmap when it moves. */
export const $habitCheckInsSaved = atom(0);

let loadedKey = '';
let loadToken = 0;
/** Moves on at each clear: an answer asked for before it (a check-in's new stats) is not put in the new data. */
let generation = 0;

// A sign-out (clearData) leaves nothing of the last user's habits in memory.
registerClearable(() => {
  generation += 1;
  loadedKey = '';
  loadToken += 1;
  $habitRows.set([]);
  $habitRowsStatus.set('idle');
  $habitRowsMore.set(null);
  $habitRowsShown.set({});
});

/** Loads the first page (50) of the board's active habits as of today; again only when the board or the day changed, unless `force`. */
export async function loadHabitRows(board: number, { force = false } = {}): Promise<void> {
  const key = `${board}|${localDate()}`;
  if (!force && key === loadedKey && $habitRowsStatus.get() !== 'error') return;
  if (key !== loadedKey) $habitRows.set([]);
  loadedKey = key;
  const token = ++loadToken;
  $habitRowsStatus.set('loading');
  const page = await fetchHabitOverview(board, { date: localDate(), limit: 50 });
  if (token !== loadToken) return;
  if (!page) {
    $habitRowsStatus.set('error');
    return;
  }
  $habitRows.set(page.habits);
  $habitRowsMore.set(page.nextOffset);
  $habitRowsStatus.set('ready');
}

/** Shows the first page another request carried (/api/home's habits) as `loadHabitRows(board)`'s answer. */
export function showHabitRows(board: number, rows: HabitRow[], nextOffset: number | null): void {
  loadedKey = `${board}|${localDate()}`;
  loadToken += 1;
  $habitRows.set(rows);
  $habitRowsMore.set(nextOffset);
  $habitRowsStatus.set('ready');
}

export async function loadMoreHabitRows(board: number): Promise<void> {
  const offset = $habitRowsMore.get();
  if (offset === null) return;
  const page = await fetchHabitOverview(board, { date: localDate(), limit: 50, offset });
  if (!page) {
    notify({ kind: 'error', message: 'More habits could not be loaded.' });
    return;
  }
  const known = new Set($habitRows.get().map((row) => row.habit.id));
  $habitRows.set([...$habitRows.get(), ...page.habits.filter((row) => !known.has(row.habit.id))]);
  $habitRowsMore.set(page.nextOffset);
}

/** Drops what is loaded (a habit was created, edited or removed elsewhere): the next screen loads afresh. */
export function forgetHabitRows(): void {
  loadedKey = '';
}

/** What one tap does: nothing → done → skipped → nothing. */
export function nextTapValue(current: CheckInValue | null): CheckInValue | null {
  if (current === null) return 'yes';
  if (current === 'yes') return 'skip';
  return null;
}

/** A day as it shows before the server's answer: the value, and a state guessed from it. */
function optimisticDay(day: HabitDay, row: HabitRow, value: CheckInValue | null, note: string | undefined): HabitDay {
  let state: HabitDay['state'] = 'none';
  if (value === 'yes') state = 'done';
  else if (value === 'skip') state = 'skipped';
  else if (typeof value === 'number') {
    const target = typeof row.habit.target === 'number' ? row.habit.target : 0;
    const met = row.habit.kind === 'at_most' ? value <= target : target > 0 ? value >= target : value > 0;
    state = met ? 'done' : 'none';
  }
  return { ...day, value, state, note: value === null ? '' : (note ?? day.note) };
}

function replaceRow(habitId: number, change: (row: HabitRow) => HabitRow): void {
  $habitRows.set($habitRows.get().map((row) => (row.habit.id === habitId ? change(row) : row)));
  const shown = $habitRowsShown.get()[habitId];
  if (shown) $habitRowsShown.set({ ...$habitRowsShown.get(), [habitId]: change(shown) });
}

function rowOf(habitId: number): HabitRow | undefined {
  return $habitRows.get().find((row) => row.habit.id === habitId) ?? $habitRowsShown.get()[habitId];
}

/**
 * Records (or, with `value` null, removes) a check-in at once on screen, then on the server; the row then takes
 * the server's numbers. A failed save says so and puts the day back as it was. Resolves to whether it saved.
 */
export async function setCheckIn(
  board: number,
  habitId: number,
  date: string,
  value: CheckInValue | null,
  note?: string,
): Promise<boolean> {
  const before = rowOf(habitId);
  const listed = $habitRows.get().find((row) => row.habit.id === habitId);
  const shown = $habitRowsShown.get()[habitId];
  replaceRow(habitId, (row) => ({
    ...row,
    stats: {
      ...row.stats,
      last7: row.stats.last7.map((day) => (day.date === date ? optimisticDay(day, row, value, note) : day)),
    },
  }));
  const asked = generation;
  const error = await saveCheckIn(board, habitId, date, value, note);
  if (asked !== generation) return !error;
  if (error) {
    if (listed) $habitRows.set($habitRows.get().map((row) => (row.habit.id === habitId ? listed : row)));
    if (shown) $habitRowsShown.set({ ...$habitRowsShown.get(), [habitId]: shown });
    const title = before ? `“${String(before.habit.title)}”` : 'The habit';
    notify({ kind: 'error', message: `${title}: the check-in of ${date} was not saved, so it was undone. ${error}` });
    return false;
  }
  const stats = await fetchHabitStats(board, habitId, localDate());
  if (asked !== generation) return true;
  if (stats) replaceRow(habitId, (row) => ({ ...row, stats }));
  $habitCheckInsSaved.set($habitCheckInsSaved.get() + 1);
  return true;
}
