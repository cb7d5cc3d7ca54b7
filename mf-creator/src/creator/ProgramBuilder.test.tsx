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

describe('/ai-programs drafts with AI', () => {
  it('says plainly when no provider is set up', async () => {
    api.on('GET /api/ai/models', { body: { configured: false, models: [] } });
    open();
    expect(await screen.findByText(/No AI provider is set up on this Lifeboard/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draft with AI' })).toBeNull();
  });

  it('fills the builder with the draft to edit, then creates the program with its chapters', async () => {
    api.on('GET /api/ai/models', { body: { configured: true, models: [{ id: 1, name: 'writer-1', provider: 'x' }] } });
    api.on('POST /api/program/ai-draft', {
      body: {
        success: true,
        model: 'writer-1',
        draft: {
          title: 'Calm Mornings',
          description: 'For busy parents.',
          chapters: [
            { title: 'Why mornings', summary: 'What a calm start changes.' },
            { title: 'Ten minutes', summary: '' },
          ],
          goals: ['Wake at 6:30'],
          habits: ['Stillness', 'No phone before breakfast'],
          prompts: ['What made this morning calm?'],
        },
      },
    });
    api.on('POST /api/program/create', ({ body }) => ({
      body: {
        success: true,
        program: { id: 5, board_id: 1, created_at: '', updated_at: '', ...(body as { params: object }).params },
      },
    }));
    let chapterId = 10;
    api.on('POST /api/chapter/create', ({ body }) => ({
      body: {
        success: true,
        chapter: {
          id: chapterId++,
          board_id: 1,
          created_at: '',
          updated_at: '',
          ...(body as { params: object }).params,
        },
      },
    }));
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText(/Describe the program/), 'Four weeks to calmer mornings for parents');
    expect(screen.getByText(/Only this text is sent to the AI model/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Draft with AI' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/Drafted by writer-1/);
    expect(api.requests.find((r) => r.path === '/api/program/ai-draft')?.body).toEqual({
      description: 'Four weeks to calmer mornings for parents',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Program title').value).toBe('Calm Mornings');
    const chapters = screen.getByLabelText<HTMLTextAreaElement>(/^Chapters, one per line/);
    expect(chapters.value).toBe('Why mornings: What a calm start changes.\nTen minutes');
    // The creator edits the draft before creating it.
    await user.clear(screen.getByLabelText('Program title'));
    await user.type(screen.getByLabelText('Program title'), 'Calm Mornings for Parents');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Creator programs page')).toBeTruthy();
    const created = api.requests.find((r) => r.path === '/api/program/create')?.body as {
      params: Record<string, unknown>;
    };
    expect(created.params).toMatchObject({
      title: 'Calm Mornings for Parents',
      status: 'draft',
      template: {
        goals: [{ title: 'Wake at 6:30' }],
        habits: [{ title: 'Stillness' }, { title: 'No phone before breakfast' }],
        prompts: ['What made this morning calm?'],
      },
    });
    const made = api.requests
      .filter((r) => r.path === '/api/chapter/create')
      .map((r) => (r.body as { params: Record<string, unknown> }).params);
    expect(made).toEqual([
      expect.objectContaining({ program_id: 5, position: 0, title: 'Why mornings', available_after_days: 0 }),
      expect.objectContaining({ program_id: 5, position: 1, title: 'Ten minutes' }),
    ]);
    expect(String(made[0].body)).toContain('What a calm start changes.');
  });
});
