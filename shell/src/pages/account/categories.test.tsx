import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../auth/test-helpers';
import Categories from './Categories';

const api = withFakeApi({
  'POST /api/category/all': {
    body: { success: true, categories: [{ id: 1, name: 'Health', color: '#22aa55', position: 0 }] },
  },
});
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
