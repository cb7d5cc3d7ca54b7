import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { $board, setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../auth/test-helpers';
import ProgramPurchase from './ProgramPurchase';
import ProgramSuccess from './ProgramSuccess';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setSession('tok', makeUser());
  setBoard(11, 'Default Board');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const couch = { id: 31, guid: 'couch-to-5k-01', title: 'Couch to 5k', description: '<p>Start <em>slow</em></p>', price_cents: 1900, currency: 'USD' };

describe('ProgramPurchase', () => {
  it('explains there is no paid checkout, subscribes and moves to the program’s board', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [couch] } });
    api.on('POST /api/program/subscribe', { body: { success: true, board: 40, boardName: 'Couch to 5k' } });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/couch-to-5k-01');
    expect(await screen.findByRole('heading', { name: 'Couch to 5k' })).toBeTruthy();
    expect(screen.getByText('Start slow')).toBeTruthy();
    expect(screen.getByText(/paid checkout is not enabled in this deployment/i)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start this program' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/program-success/couch-to-5k-01'));
    expect(api.requests[0]?.body).toEqual({ guid: 'couch-to-5k-01' });
    expect(api.requests.at(-1)?.body).toEqual({ program_id: 31, isSubscribing: true, current_board_id: 11 });
    expect($board.get()).toEqual({ id: 40, name: 'Couch to 5k' });
  });

  it('says so when no program has the link, after also looking at the user’s own', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [] } });
    api.on('POST /api/program/all', { body: { success: true, programs: [] } });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/nothing-here');
    expect((await screen.findByRole('alert')).textContent).toMatch(/no published program has this link/i);
    expect(api.requests.map((r) => r.path)).toEqual(['/api/program/published', '/api/program/all']);
  });

  it('keeps the user on the page with a message when subscribing fails', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [couch] } });
    api.on('POST /api/program/subscribe', { status: 404, body: { message: 'No such program.' } });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/couch-to-5k-01');
    fireEvent.click(await screen.findByRole('button', { name: 'Start this program' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be started/i);
    expect(screen.getByTestId('location').textContent).toBe('/program-purchase/couch-to-5k-01');
  });
});

describe('ProgramSuccess', () => {
  it('names the board the program is on', () => {
    setBoard(40, 'Couch to 5k');
    renderAt(<ProgramSuccess />, '/program-success/:programGuid', '/program-success/couch-to-5k-01');
    expect(screen.getByRole('status').textContent).toContain('“Couch to 5k”');
  });
});
