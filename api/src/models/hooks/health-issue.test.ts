import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('health_issue timeline', () => {
  it('puts a status changed by a plain edit on the timeline, and does not double one the timeline already says', async () => {
    const user = await signUp(app);
    const created = (
      await user.post('/api/health_issue/create', {
        board: user.boardId,
        params: { title: 'Sore knee', status: 'active' },
      })
    ).json().health_issue;
    const edited = (
      await user.post('/api/health_issue/update', {
        board: user.boardId,
        params: { id: created.id, status: 'managed' },
      })
    ).json().health_issue;
    expect(edited.status).toBe('managed');
    expect(edited.updates).toEqual([{ at: expect.any(String), note: '', from: 'active', status: 'managed' }]);

    const said = {
      at: new Date().toISOString(),
      note: 'All clear at the check-up',
      from: 'managed',
      status: 'resolved',
    };
    const resolved = (
      await user.post('/api/health_issue/update', {
        board: user.boardId,
        params: { id: created.id, status: 'resolved', updates: [...edited.updates, said] },
      })
    ).json().health_issue;
    expect(resolved.updates).toHaveLength(2);
    expect(resolved.updates[1]).toEqual(said);

    // An edit that leaves the status alone adds nothing.
    const noted = (
      await user.post('/api/health_issue/update', {
        board: user.boardId,
        params: { id: created.id, title: 'Left knee' },
      })
    ).json().health_issue;
    expect(noted.updates).toHaveLength(2);
  });
});
