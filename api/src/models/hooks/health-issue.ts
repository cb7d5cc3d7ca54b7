import type { ModelHooks, RecordData } from '../model-hooks';

interface Update {
  at: string;
  note: string;
  from?: string;
  status?: string;
}

const MAX_UPDATES = 1000;

/**
 * Every status change lands on the issue's timeline, wherever it was made: an update that changes the status
 * without an entry saying so (the plain edit form) gets one, with no note.
 */
export const healthIssueHooks: ModelHooks = {
  beforeUpdate: (_ctx, changes, stored) => {
    const from = typeof stored.status === 'string' ? stored.status : 'active';
    if (changes.status === undefined || changes.status === from) return changes;
    const updates = (
      Array.isArray(changes.updates) ? changes.updates : Array.isArray(stored.updates) ? stored.updates : []
    ) as Update[];
    const latest = [...updates].sort((a, b) => a.at.localeCompare(b.at)).at(-1);
    if (latest?.status === changes.status) return changes;
    const entry: Update = { at: new Date().toISOString(), note: '', from, status: String(changes.status) };
    return { ...changes, updates: [...updates, entry].slice(-MAX_UPDATES) } satisfies RecordData;
  },
};
