import { isSuccessStatus, send } from './client';
import type { HabitRow } from './habits';
import type { AnyRecord } from './resource';

/** A goal's progress as the server works it out (0–100), and the same in words. */
export interface GoalProgressAnswer {
  percent: number;
  source: 'milestones' | 'target' | 'habits';
  words: string;
}

export interface LinkedItem {
  id: number;
  title: string;
  date?: string | null;
  status?: string;
}

/** A goal's page (`POST /api/goal/detail`). */
export interface GoalDetail {
  goal: AnyRecord;
  progress: GoalProgressAnswer;
  habits: HabitRow[];
  projects: LinkedItem[];
  activities: LinkedItem[];
  journal_entries: LinkedItem[];
}

/** The goal's page, or the status the server answered (404: not found or not yours; 0: offline). */
export async function fetchGoalDetail(
  board: number,
  goalId: number,
  date?: string,
): Promise<GoalDetail | { status: number }> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/goal/detail',
    data: { board, params: { goal_id: goalId, ...(date ? { date } : {}) } },
  });
  if (!isSuccessStatus(status) || typeof body !== 'object' || body === null) return { status };
  return body as GoalDetail;
}

/** Every goal's progress now, by id; null when it could not be read. */
export async function fetchGoalProgress(board: number, date?: string): Promise<Map<number, GoalProgressAnswer> | null> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/goal/progress',
    data: { board, params: date ? { date } : {} },
  });
  const list = typeof body === 'object' && body !== null ? (body as { progress?: unknown }).progress : undefined;
  if (!isSuccessStatus(status) || !Array.isArray(list)) return null;
  return new Map((list as (GoalProgressAnswer & { id: number })[]).map(({ id, ...progress }) => [id, progress]));
}

/** Whether this installation has an AI provider (`GET /api/ai/models`); null when it could not be asked. */
export async function fetchAiConfigured(): Promise<boolean | null> {
  const { status, body } = await send({ method: 'GET', url: '/api/ai/models' });
  const configured =
    typeof body === 'object' && body !== null ? (body as { configured?: unknown }).configured : undefined;
  return isSuccessStatus(status) && typeof configured === 'boolean' ? configured : null;
}

export interface GoalDraft {
  title: string;
  why: string;
  target_date: string | null;
  milestones: { title: string; due_date: string | null }[];
  habits: { title: string; times: number; days: 1 | 7 }[];
}

/** `POST /api/goal/ai-draft`: a SMART goal drafted from a wish, or why there is none, in words. */
export async function draftGoal(
  board: number,
  wish: string,
): Promise<{ draft: GoalDraft } | { error: string; configured: boolean }> {
  const { status, body } = await send({ method: 'POST', url: '/api/goal/ai-draft', data: { board, params: { wish } } });
  const answer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (isSuccessStatus(status) && answer.success === true && typeof answer.draft === 'object' && answer.draft !== null)
    return { draft: answer.draft as GoalDraft };
  if (isSuccessStatus(status) && typeof answer.error === 'string')
    return { error: answer.error, configured: answer.configured !== false };
  const message = typeof answer.message === 'string' ? answer.message : '';
  return {
    error: message || (status === 0 ? 'You seem to be offline.' : `The server answered ${status}.`),
    configured: true,
  };
}
