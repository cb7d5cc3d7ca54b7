import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../auth/test-helpers';
import Categories from './Categories';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({ 'POST /api/category/all': { body: { success: true, categories: [{ id: 1, name: 'Health', color: '#22aa55', position: 0 }] } } });
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setSession('tok', makeUser());
  setBoard(11, 'Default Board');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Categories', () => {
  it('lists the current board’s categories', async () => {
    renderAt(<Categories />, '/categories', '/categories');
    expect((await screen.findAllByText('Health')).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Categories' })).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/category/all')?.body).toMatchObject({ board: 11 });
  });
});
