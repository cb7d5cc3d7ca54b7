import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { AreaRoutes } from '../routes';
import { quizOf } from './LessonEditor';

// KaTeX checks for quirks mode when it loads, and happy-dom reports every document as quirky.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

const api = withFakeApi();
afterEach(() => {
  cleanup();
  clearData();
});

let stored: Record<string, unknown>;
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
  stored = {
    id: 5,
    board_id: 1,
    created_at: '',
    updated_at: '',
    program_id: null,
    position: 1,
    title: 'Week one',
    body: '<h2>Start slow</h2><p>Walk first.</p>',
    available_after_days: 0,
    files: [],
    quiz: [],
  };
  api.on('POST /api/chapter/all', () => ({ body: { success: true, chapters: [stored] } }));
  api.on('POST /api/chapter/get', () => ({ body: { success: true, chapter: stored } }));
  api.on('POST /api/program/all', { body: { success: true, programs: [] } });
  api.on('POST /api/chapter/update', (request) => {
    const { params } = request.body as { params: Record<string, unknown> };
    stored = { ...stored, ...params };
    return { body: { success: true, chapter: stored } };
  });
  api.on('POST /api/chapter/file', () => {
    stored = {
      ...stored,
      files: [{ id: 'PlanUploadId0000000000', name: 'plan.pdf', type: 'application/pdf', size: 4096 }],
    };
    return { status: 201, body: { success: true, chapter: stored } };
  });
});

async function openLesson() {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter initialEntries={['/chapter/5']}>
      <AreaRoutes />
    </MemoryRouter>,
  );
  const lesson = await screen.findByRole('region', { name: 'Lesson' }, { timeout: 10_000 });
  return { user, lesson };
}

describe("a chapter's lesson editor", () => {
  it('edits the text in the rich-text editor, not in a plain field that would flatten it', async () => {
    const { lesson } = await openLesson();
    // Quill loads on demand: slow on a busy machine.
    const text = await within(lesson).findByRole('textbox', { name: 'Lesson text' }, { timeout: 15_000 });
    await waitFor(() => expect(text.querySelector('h2')?.textContent).toBe('Start slow'), { timeout: 10_000 });
    // The create-only plain "Body" field is not in the chapter's edit form.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('Opens after (days)')).toBeTruthy();
    expect(screen.queryByLabelText(/^Body/)).toBeNull();
    expect(within(lesson).getByRole('button', { name: 'Save the lesson' }).hasAttribute('disabled')).toBe(true);
  });

  it('builds a quiz, refuses one with a question of one choice, and saves it', async () => {
    const { user, lesson } = await openLesson();
    await user.click(within(lesson).getByRole('button', { name: 'Add a question' }));
    await user.type(within(lesson).getByLabelText('Question 1'), 'How long is the first walk?');
    await user.type(within(lesson).getByLabelText('Choices of question 1, one per line'), '5 minutes');
    await user.click(within(lesson).getByRole('button', { name: 'Save the quiz' }));
    expect(within(lesson).getByRole('alert').textContent).toBe(
      'The quiz was not saved: Question 1 needs at least two choices, one per line.',
    );
    expect(api.requests.filter((r) => r.path === '/api/chapter/update')).toEqual([]);

    await user.type(within(lesson).getByLabelText('Choices of question 1, one per line'), '\n20 minutes');
    await user.selectOptions(within(lesson).getByLabelText('Right answer of question 1'), '20 minutes');
    await user.click(within(lesson).getByRole('button', { name: 'Save the quiz' }));
    await within(lesson).findByText('The quiz is saved (1 question).');
    expect(api.requests.find((r) => r.path === '/api/chapter/update')?.body).toMatchObject({
      params: {
        id: 5,
        quiz: [{ question: 'How long is the first walk?', choices: ['5 minutes', '20 minutes'], answer: 1 }],
      },
    });
  });

  it('attaches a file and lists it', async () => {
    const { user, lesson } = await openLesson();
    await user.upload(
      within(lesson).getByLabelText('Attach a file'),
      new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf' }),
    );
    await within(lesson).findByText('“plan.pdf” is attached.');
    expect(within(lesson).getByRole('list', { name: 'Attached files' }).textContent).toContain('plan.pdf');
    expect(api.requests.filter((r) => r.path === '/api/chapter/file')).toHaveLength(1);
  });
});

describe('quizOf', () => {
  it('keeps trimmed choices and the right answer, and names the first problem', () => {
    expect(quizOf([{ question: ' Q ', choices: ' a \n\n b ', answer: '1' }])).toEqual({
      quiz: [{ question: 'Q', choices: ['a', 'b'], answer: 1 }],
    });
    expect(quizOf([{ question: '', choices: 'a\nb', answer: '0' }])).toEqual({ problem: 'Question 1 has no text.' });
    expect(quizOf([{ question: 'Q', choices: 'a\nb', answer: '2' }])).toEqual({
      problem: 'Pick the right answer of question 1.',
    });
  });
});
