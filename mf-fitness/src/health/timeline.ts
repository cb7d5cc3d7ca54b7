/** A health issue's timeline: its dated notes and status changes, in words. */

export type HealthStatus = 'active' | 'managed' | 'resolved';
export interface HealthUpdate {
  at: string;
  note: string;
  from?: HealthStatus;
  status?: HealthStatus;
}

export const statusWords: Record<HealthStatus, string> = {
  active: 'Active',
  managed: 'Under control',
  resolved: 'Resolved',
};

export interface TimelineEntry {
  at: string;
  text: string;
  change: string | null;
  isStart?: boolean;
}

const longDay = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Newest first: each update's note and status change, then when the issue was written down. */
export function timelineOf(issue: { created_at?: unknown; since?: unknown; updates?: unknown }): TimelineEntry[] {
  const updates = Array.isArray(issue.updates)
    ? [...(issue.updates as HealthUpdate[])].sort((a, b) => b.at.localeCompare(a.at))
    : [];
  const entries: TimelineEntry[] = updates.map((update) => ({
    at: update.at,
    text: update.note,
    change:
      update.status && update.from !== update.status
        ? `${update.from ? `${statusWords[update.from]} → ` : 'Now '}${statusWords[update.status]}`
        : null,
  }));
  const since = typeof issue.since === 'string' && issue.since ? issue.since : null;
  if (typeof issue.created_at === 'string' && issue.created_at) {
    entries.push({
      at: issue.created_at,
      text: since ? `Written down; going on since ${longDay(since)}.` : 'Written down.',
      change: null,
      isStart: true,
    });
  }
  return entries;
}

/** The update that adds `note` and, when `next` differs from `current`, moves the status. */
export function newUpdate(note: string, current: HealthStatus, next: HealthStatus, now = new Date()): HealthUpdate {
  return { at: now.toISOString(), note: note.trim(), ...(next !== current ? { from: current, status: next } : {}) };
}
