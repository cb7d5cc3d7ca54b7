import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setConfig } from '@lifeboard/shared/stores/config';
import { AreaRoutes } from './routes';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
afterEach(() => cleanup());

const at = (path: string) => render(<MemoryRouter initialEntries={[path]}><AreaRoutes /></MemoryRouter>);

describe('mf-admin routes', () => {
  it('/admin/users lists users and changes a role after confirmation', async () => {
    const users = [
      { id: 1, email: 'ada@example.com', name: 'Ada', role: 'admin', created_at: '2026-11-01T10:00:00.000Z' },
      { id: 2, email: 'bob@example.com', name: 'Bob', role: 'user', created_at: '2026-11-02T10:00:00.000Z' },
    ];
    api.on('GET /api/admin/users', { body: { success: true, users } });
    api.on('POST /api/admin/users/role', ({ body }) => ({ body: { success: true, user: body } }));
    const user = userEvent.setup();
    at('/admin/users');
    const row = (await screen.findByRole('link', { name: 'Bob' })).closest('tr') as HTMLElement;
    await user.selectOptions(within(row).getByLabelText('Role of bob@example.com'), 'creator');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(api.requests.find((r) => r.path === '/api/admin/users/role')?.body).toEqual({ id: 2, role: 'creator' }));
  });

  it('shows an error panel when the server refuses (not an admin)', async () => {
    api.on('GET /api/admin/users', { status: 403, body: { message: 'Admins only.' } });
    api.on('POST /api/program/published', { body: { success: true, programs: [] } });
    at('/admin');
    expect(await screen.findByText('Admin data could not be loaded.')).toBeTruthy();
  });
});
