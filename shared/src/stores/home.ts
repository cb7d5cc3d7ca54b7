import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import { isSuccessStatus, send } from '../api/client';
import type { HabitRow } from '../api/habits';
import type { AnyRecord } from '../api/resource';
import { localDate } from '../ui/model/local-date';
import { $board } from './board';
import { getCollection } from './collection';
import { registerClearable } from './data';
import { showHabitRows } from './habits';

/** What `/api/home` answers: every /home widget's data, asked for once however many widgets show it. */
export interface HomeData {
  journal_entry: { id: number; title: string; date: string; excerpt: string } | null;
  moods: AnyRecord[];
  habits: HabitRow[];
  habits_next_offset: number | null;
  goals: { id: number; title: string; percent: number }[];
  workout_session: {
    id: number;
    title: string;
    started_at: string | null;
    ended_at: string | null;
    sets: number;
  } | null;
  sleep: AnyRecord[];
  programs: { id: number; title: string; price_cents: number; currency: string }[];
}

export type HomeStatus = 'loading' | 'ready' | 'error';

/** The moods' list as the widgets ask for it: the collection shows it, so a mood logged on /home joins it. */
export const homeMoodsParams = { limit: 5 };

export const $home = atom<{ key: string; status: HomeStatus; data: HomeData | null }>({
  key: '',
  status: 'loading',
  data: null,
});

let asked: { key: string; answer: Promise<void> } | null = null;

registerClearable(() => {
  asked = null;
  $home.set({ key: '', status: 'loading', data: null });
});

function isHomeData(body: unknown): body is HomeData {
  const data = body as Partial<HomeData> | null;
  return typeof data === 'object' && data !== null && Array.isArray(data.moods) && Array.isArray(data.habits);
}

/**
 * Asks `/api/home` for the board, once per board and day (the widgets and the page all call it), and hands the
 * lists other screens share to their stores: the moods to the mood collection, the habits to /habits' rows.
 */
export function loadHome(board: number, { force = false } = {}): Promise<void> {
  const key = `${board}|${localDate()}`;
  if (!board) return Promise.resolve();
  if (asked?.key === key && !force) return asked.answer;
  $home.set({ key, status: 'loading', data: $home.get().key === key ? $home.get().data : null });
  const fail = () => {
    if (asked?.key !== key) return;
    asked = null; // the next widget to mount asks again
    $home.set({ key, status: 'error', data: null });
  };
  const answer = send({
    method: 'POST',
    url: '/api/home',
    data: { board, params: { date: localDate() } },
    read: true,
  }).then(({ status, body }) => {
    if (asked?.key !== key) return;
    if (!isSuccessStatus(status) || !isHomeData(body)) return fail();
    getCollection('mood').fill(homeMoodsParams, body.moods);
    showHabitRows(board, body.habits, body.habits_next_offset);
    $home.set({ key, status: 'ready', data: body });
  }, fail);
  asked = { key, answer };
  return answer;
}

/** /home's data for a widget: asks for it on the current board (once for all widgets) and follows it. */
export function useHome(): { data: HomeData | null; status: HomeStatus } {
  const board = useStore($board);
  const home = useStore($home);
  useEffect(() => {
    void loadHome(board.id);
  }, [board.id]);
  return { data: home.data, status: home.status };
}
