import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { $board, setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { clearData } from '@lifeboard/shared/stores/data';
import { AreaRoutes } from './routes';
import { splitSale } from './creator/CreatorPages';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => { localStorage.clear(); setBoard(1, 'Home'); api.requests.length = 0; });
afterEach(() => { cleanup(); clearData(); });

const at = (path: string) => render(<MemoryRouter initialEntries={[path]}><AreaRoutes /></MemoryRouter>);
const program = {
  id: 8, board_id: 3, created_at: '', updated_at: '', title: 'Morning reset', description: '<p>Start <b>well</b></p>',
  price_cents: 0, currency: 'USD', status: 'published', template: { habits: [{ title: 'Wake at 6' }] },
};

describe('mf-creator routes', () => {
  it('/programs subscribes to a program and switches to its new board', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [program] } });
    api.on('POST /api/program/subscribe', { body: { success: true, board: 12, boardName: 'Morning reset' } });
    const user = userEvent.setup();
    at('/programs');
    expect(await screen.findByText('Start well')).toBeTruthy();
    expect(screen.getByText(/Installs 1 habits/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Subscribe to Morning reset' }));
    await waitFor(() => expect($board.get()).toEqual({ id: 12, name: 'Morning reset' }));
    expect(api.requests.find((r) => r.path === '/api/program/subscribe')?.body).toEqual({ program_id: 8, isSubscribing: true, current_board_id: 1 });
  });

  it('/program/:id lists what the program installs', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [program] } });
    at('/program/8');
    expect(await screen.findByRole('heading', { name: 'Morning reset', level: 1 })).toBeTruthy();
    expect(screen.getByText('Wake at 6')).toBeTruthy();
  });

  it('splits a sale into platform fee, processing and the creator’s net', () => {
    expect(splitSale(1000)).toEqual({ platform: 100, processing: 59, net: 841 });
    expect(splitSale(0)).toEqual({ platform: 0, processing: 0, net: 0 });
  });
});
