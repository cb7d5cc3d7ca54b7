import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { AreaRoutes } from './routes';

const api = withFakeApi();
beforeEach(() => setBoard(1, 'Home'));
afterEach(() => {
  cleanup();
  clearData();
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AreaRoutes />
    </MemoryRouter>,
  );

describe('mf-journal routes', () => {
  it('/quotes lists the board’s quotes from the API', async () => {
    serveModel(api, 'quote', 'quotes').rows.push({
      id: 1,
      board_id: 1,
      created_at: '',
      updated_at: '',
      text: 'Know thyself',
      author: 'Socrates',
    });
    at('/quotes');
    // Every screen's code is loaded on demand now: the first import in a test run can pass a second.
    expect(await screen.findByRole('heading', { name: 'Know thyself' }, { timeout: 5000 })).toBeTruthy();
  });

  it('/journal shows rich text as text, never as markup', async () => {
    serveModel(api, 'journal_entry', 'journalEntries').rows.push({
      id: 2,
      board_id: 1,
      created_at: '',
      updated_at: '',
      title: 'Monday',
      date: '2026-11-16',
      body: '<p>Ran <strong>5 km</strong></p><img src=x onerror=alert(1)>',
    });
    const { container } = at('/journal');
    // The journal's code is loaded on demand: the first import in a test run can pass a second.
    expect(await screen.findByText(/Ran 5 km/, {}, { timeout: 5000 })).toBeTruthy();
    expect(container.querySelector('strong, img')).toBeNull();
  });

  it('/a/:id renders a public shared page', async () => {
    api.on('GET /api/public/shared/abcdefghijklmnop', {
      body: { success: true, page: { title: 'Shared day', body: '<p>Hello</p>', date: '2026-11-20', shared_at: '' } },
    });
    at('/a/abcdefghijklmnop');
    expect(await screen.findByRole('heading', { name: 'Shared day' })).toBeTruthy();
    expect(screen.getByText('Hello')).toBeTruthy();
  });
});
