import { isRecord, listOf } from '@lifeboard/shared/api/use-api-get';
import { readProgram } from '../authors/author-api';
import type { PublicProgram } from '../authors/author-api';

export interface ImplementStep {
  kind: 'goal' | 'habit' | 'routine';
  title: string;
  record_id: number | null;
  done: boolean;
  detail: string;
}

export interface Subscription {
  id: number;
  status: 'active' | 'cancelled';
  board_id: number | null;
  board_name: string | null;
  subscribed_at: string;
}

export interface Implementation {
  program: PublicProgram;
  is_author: boolean;
  subscription: Subscription | null;
  chapters: { id: number; title: string; body: string | null }[];
  steps: ImplementStep[];
  progress: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const kinds = ['goal', 'habit', 'routine'] as const;

function readSubscription(value: unknown): Subscription | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  return {
    id: value.id, status: value.status === 'active' ? 'active' : 'cancelled',
    board_id: typeof value.board_id === 'number' ? value.board_id : null,
    board_name: typeof value.board_name === 'string' ? value.board_name : null, subscribed_at: str(value.subscribed_at),
  };
}

/** `GET /api/program-implement/:guid`. */
export function readImplementation(body: unknown): Implementation | null {
  if (!isRecord(body) || !isRecord(body.program)) return null;
  const program = readProgram(body.program);
  const chapters = listOf(body, 'chapters');
  const steps = listOf(body, 'steps');
  if (!program || !chapters || !steps) return null;
  return {
    program,
    is_author: body.is_author === true,
    subscription: readSubscription(body.subscription),
    chapters: chapters.map((c) => ({ id: Number(c.id), title: str(c.title), body: typeof c.body === 'string' ? c.body : null })),
    steps: steps.flatMap((s) => {
      const kind = kinds.find((k) => k === s.kind);
      return kind ? [{ kind, title: str(s.title), record_id: typeof s.record_id === 'number' ? s.record_id : null, done: s.done === true, detail: str(s.detail) }] : [];
    }),
    progress: typeof body.progress === 'number' ? Math.min(100, Math.max(0, body.progress)) : 0,
  };
}

export interface MySubscription extends Subscription {
  program: { id: number; guid: string; title: string };
}

/** `GET /api/program-implement`. */
export function readMySubscriptions(body: unknown): MySubscription[] | null {
  const list = listOf(body, 'subscriptions');
  if (!list) return null;
  return list.flatMap((item) => {
    const subscription = readSubscription(item);
    const program = isRecord(item.program) ? item.program : null;
    if (!subscription || !program || typeof program.guid !== 'string') return [];
    return [{ ...subscription, program: { id: Number(program.id), guid: program.guid, title: str(program.title) } }];
  });
}

/** Where a step's record lives in the app (the owning areas' routes, architecture.md). */
export function stepHref(step: ImplementStep): string | null {
  if (step.record_id === null) return null;
  if (step.kind === 'goal') return `/goal/${step.record_id}`;
  if (step.kind === 'habit') return `/habits/${step.record_id}`;
  return '/routines';
}
