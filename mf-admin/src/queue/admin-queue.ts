import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { problemOf } from '@lifeboard/shared/api/use-api-get';

export interface KindCounts {
  name: string;
  label: string;
  waiting: number;
  waiting_capped: boolean;
  scheduled: number;
  active: number;
  retrying: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  kind: string;
  label: string;
  summary: string;
  error: string | null;
  attempts: number;
  failed_at: string;
  queued_at: string | null;
}

export interface QueueView {
  kinds: KindCounts[];
  failed: FailedJob[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `GET /api/admin/queue`, or null for an answer this screen does not understand. */
export function readQueueView(body: unknown): QueueView | null {
  if (!isObject(body) || !Array.isArray(body.kinds) || !Array.isArray(body.failed)) return null;
  const kinds = body.kinds.filter(
    (k): k is KindCounts => isObject(k) && typeof k.name === 'string' && typeof k.waiting === 'number',
  );
  const failed = body.failed.filter(
    (j): j is FailedJob => isObject(j) && typeof j.id === 'string' && typeof j.summary === 'string',
  );
  return { kinds, failed };
}

/** Retries or discards a failed job; resolves to null, or what went wrong in words. */
export async function settleFailedJob(id: string, action: 'retry' | 'discard'): Promise<string | null> {
  const { status, body } = await send({ method: 'POST', url: `/api/admin/queue/${action}`, data: { id } });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}
