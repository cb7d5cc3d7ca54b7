import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { clearData } from '@lifeboard/shared/stores/data';
import { ConnectionsPage } from './ConnectionsPage';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.on('POST /api/calendar/connections', { body: { connections: [] } });
});
afterEach(() => { cleanup(); clearData(); });

const show = () => render(<MemoryRouter><ConnectionsPage /></MemoryRouter>);

describe('ConnectionsPage: Google Calendar', () => {
  it('says which settings the server still needs, and who sets them', async () => {
    api.on('POST /api/calendar/providers', { body: { google: { configured: false, missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] } } });
    show();
    const button = await screen.findByRole('button', { name: 'Connect Google Calendar' }, { timeout: 3000 });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('google-calendar-why');
    expect(screen.getByText(/whoever runs it sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET .* and restarts the API/)).toBeTruthy();
  });

  it('names only what is missing', async () => {
    api.on('POST /api/calendar/providers', { body: { google: { configured: false, missing: ['GOOGLE_CLIENT_SECRET'] } } });
    show();
    expect(await screen.findByText(/whoever runs it sets GOOGLE_CLIENT_SECRET \(/, {}, { timeout: 3000 })).toBeTruthy();
  });

  it('says plainly when the check itself fails', async () => {
    api.on('POST /api/calendar/providers', { status: 500, body: { error: 'down' } });
    show();
    expect(await screen.findByText(/could not be checked/, {}, { timeout: 3000 })).toBeTruthy();
  });
});
