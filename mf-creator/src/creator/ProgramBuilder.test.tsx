import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { loadDraft } from '@lifeboard/shared/stores/drafts';
import { ProgramBuilder, builderDraftKey } from './CreatorPages';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  clearData();
});

const open = () =>
  render(
    <MemoryRouter initialEntries={['/ai-programs']}>
      <Routes>
        <Route path="/ai-programs" element={<ProgramBuilder />} />
        <Route path="/creator-programs" element={<p>Creator programs page</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('/ai-programs keeps typed text', () => {
  it('restores the text after a reload, and the draft can be discarded', async () => {
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Program title'), 'Sleep better');
    await user.type(screen.getByLabelText('Habits it starts, one per line'), 'No screens after 10');
    expect(loadDraft(builderDraftKey)?.value).toMatchObject({ topic: 'Sleep better', habits: 'No screens after 10' });

    cleanup(); // the page goes away, as on a reload
    open();
    expect(screen.getByLabelText<HTMLInputElement>('Program title').value).toBe('Sleep better');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Habits it starts, one per line').value).toBe(
      'No screens after 10',
    );
    expect(screen.getByRole('status').textContent).toMatch(/Restored your unsaved text/);

    await user.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(screen.getByLabelText<HTMLInputElement>('Program title').value).toBe('');
    expect(loadDraft(builderDraftKey)).toBeNull();
  });

  it('keeps the draft when creating fails and drops it once the program is created', async () => {
    const user = userEvent.setup();
    api.on('POST /api/program/create', {
      status: 422,
      body: { message: 'The title is too long.', errors: { title: ['is too long'] } },
    });
    open();
    await user.type(screen.getByLabelText('Program title'), 'Run club');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/program/create')).toBe(true));
    expect(loadDraft(builderDraftKey)?.value).toMatchObject({ topic: 'Run club' });

    api.on('POST /api/program/create', ({ body }) => ({
      body: {
        success: true,
        program: { id: 5, board_id: 1, created_at: '', updated_at: '', ...(body as { params: object }).params },
      },
    }));
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Creator programs page')).toBeTruthy();
    expect(loadDraft(builderDraftKey)).toBeNull();
  });
});
