import { describe, expect, it } from 'vitest';
import { jobPlaceOf } from './thread';

describe('where a process runs its jobs (JOB_WORKERS)', () => {
  it('by default, in a thread of its own on PostgreSQL and on the request thread on PGlite', () => {
    expect(jobPlaceOf({ JOB_WORKERS: 'auto' }, 'postgres')).toBe('thread');
    expect(jobPlaceOf({ JOB_WORKERS: 'auto' }, 'pglite')).toBe('inline');
  });

  it('where it is told, but never in a thread on PGlite, whose database belongs to one thread', () => {
    expect(jobPlaceOf({ JOB_WORKERS: 'inline' }, 'postgres')).toBe('inline');
    expect(jobPlaceOf({ JOB_WORKERS: 'off' }, 'pglite')).toBe('off');
    expect(jobPlaceOf({ JOB_WORKERS: 'thread' }, 'postgres')).toBe('thread');
    expect(() => jobPlaceOf({ JOB_WORKERS: 'thread' }, 'pglite')).toThrow(/needs PostgreSQL/);
  });
});
