import { call, isObject, type Body } from './call';
import type { ApiResult } from './client';

/** A reflection a model wrote on a week, with what was sent for it. */
export interface Reflection {
  id: number;
  from: string;
  to: string;
  text: string;
  model: string;
  entries_sent: number;
  entries_left_out: number;
  habits_sent: number;
  weekly: boolean;
  created_at: string;
}

/** `GET /api/reflection`: whether one can be asked for, what it would send, and the ones written. */
export interface ReflectionState {
  configured: boolean;
  model: string | null;
  problem: string | null;
  weekly: boolean;
  week: {
    from: string;
    to: string;
    entries: { date: string; title: string }[];
    entries_left_out: number;
    habits: { title: string; days_done: number }[];
  };
  reflections: Reflection[];
}

export function readReflectionState(body: unknown): ReflectionState | null {
  if (!isObject(body) || typeof body.configured !== 'boolean' || !isObject(body.week)) return null;
  if (!Array.isArray(body.reflections)) return null;
  return {
    configured: body.configured,
    model: typeof body.model === 'string' ? body.model : null,
    problem: typeof body.problem === 'string' ? body.problem : null,
    weekly: body.weekly === true,
    week: body.week as ReflectionState['week'],
    reflections: body.reflections as Reflection[],
  };
}

/** Opts in to (or out of) the reflection written every Monday morning. */
export function setWeeklyReflection(weekly: boolean): Promise<ApiResult<boolean>> {
  return call('POST', '/api/reflection/weekly', { weekly }, (body: Body) =>
    typeof body.weekly === 'boolean' ? body.weekly : undefined,
  );
}

/** Asks for a reflection on the last seven days now; the error says why there is none. */
export function writeReflection(): Promise<ApiResult<Reflection>> {
  return call('POST', '/api/reflection/write', {}, (body: Body) =>
    typeof body.reflection === 'object' && body.reflection !== null ? (body.reflection as Reflection) : undefined,
  );
}
