import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { $notifications } from '@lifeboard/shared/stores/notifications';
import { serveModel, type FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { ProjectTasks, taskProgress } from './ProjectTasks';

let projects: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  projects = serveModel(api, 'project', 'projects');
  projects.rows.push({
    id: 6,
    board_id: 1,
    created_at: '',
    updated_at: '',
    title: 'Garden',
    status: 'active',
    tasks: [
      { title: 'Buy seeds', due_date: '2020-03-01' },
      { title: 'Dig', done_at: '2026-01-01T00:00:00.000Z' },
      { title: 'Water' },
    ],
  });
});
afterEach(() => {
  cleanup();
  clearData();
  $notifications.set([]);
});

const open = () =>
  render(
    <MemoryRouter initialEntries={['/project/6']}>
      <Routes>
        <Route path="/project/:id" element={<ProjectTasks />} />
      </Routes>
    </MemoryRouter>,
  );
const tasks = () =>
  projects.rows.find((r) => r.id === 6)!.tasks as {
    title: string;
    done_at?: string | null;
    due_date?: string | null;
    position?: number;
  }[];

describe('ProjectTasks', () => {
  it('shows the progress and ticks a task off', async () => {
    open();
    expect((await screen.findByLabelText('Progress', {}, { timeout: 3000 })).textContent).toMatch(
      /1 of 3 tasks done \(33 %\)/,
    );
    expect(screen.getByText(/Overdue: .*Mar/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Buy seeds'));
    await waitFor(() => expect(tasks()[0].done_at).toEqual(expect.any(String)));
    expect((await screen.findByText(/2 of 3 tasks done \(67 %\)/)).textContent).toBeTruthy();
    expect(tasks().map((t) => t.position)).toEqual([0, 1, 2]);
  });

  it('adds a task with a due date, and refuses one without a title', async () => {
    open();
    const form = await screen.findByRole('form', { name: 'Add a task' }, { timeout: 3000 });
    fireEvent.submit(form);
    expect(await screen.findByText('Give the task a title.')).toBeTruthy();
    expect(tasks()).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('New task'), { target: { value: 'Plant' } });
    fireEvent.change(screen.getByLabelText('Due (optional)'), { target: { value: '2030-04-02' } });
    fireEvent.submit(form);
    await waitFor(() => expect(tasks()).toHaveLength(4));
    expect(tasks()[3]).toMatchObject({ title: 'Plant', due_date: '2030-04-02', done_at: null });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('New task').value).toBe(''));
  });

  it('keeps what was typed when the server refuses the task', async () => {
    open();
    await screen.findByRole('form', { name: 'Add a task' }, { timeout: 3000 });
    api.on('POST /api/project/update', { status: 500, body: { error: 'down' } });
    fireEvent.change(screen.getByLabelText('New task'), { target: { value: 'Plant' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add a task' }));
    await waitFor(() =>
      expect(
        $notifications
          .get()
          .map((n) => n.message)
          .join(),
      ).toMatch(/The task was not added/),
    );
    expect(screen.getByLabelText<HTMLInputElement>('New task').value).toBe('Plant');
    expect(tasks()).toHaveLength(3);
  });

  it('changes and clears a due date', async () => {
    open();
    fireEvent.change(await screen.findByLabelText('Due date of "Water"', {}, { timeout: 3000 }), {
      target: { value: '2031-01-05' },
    });
    await waitFor(() => expect(tasks()[2].due_date).toBe('2031-01-05'));
    fireEvent.change(screen.getByLabelText('Due date of "Buy seeds"'), { target: { value: '' } });
    await waitFor(() => expect(tasks()[0].due_date).toBeNull());
  });

  it('moves a task one place with its arrow buttons, the first and last going no further', async () => {
    open();
    expect(
      (await screen.findByRole<HTMLButtonElement>('button', { name: 'Move "Buy seeds" up' }, { timeout: 3000 }))
        .disabled,
    ).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move "Water" down' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move "Buy seeds" down' }));
    await waitFor(() => expect(tasks().map((t) => t.title)).toEqual(['Dig', 'Buy seeds', 'Water']));
    expect(tasks().map((t) => t.position)).toEqual([0, 1, 2]);
    fireEvent.click(await screen.findByRole('button', { name: 'Move "Water" up' }));
    await waitFor(() => expect(tasks().map((t) => t.title)).toEqual(['Dig', 'Water', 'Buy seeds']));
  });

  it("keeps a task's row, and its drag handle, with the task when it moves", async () => {
    open();
    const row = (await screen.findByRole('button', { name: 'Drag Buy seeds to reorder' }, { timeout: 3000 })).closest(
      'li',
    )!;
    fireEvent.click(screen.getByRole('button', { name: 'Move "Buy seeds" down' }));
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.lb-check')!.textContent)).toEqual([
        'Dig',
        'Buy seeds',
        'Water',
      ]),
    );
    // The same element, so a handle focused or picked up right after a move is still this task's.
    expect(screen.getByRole('button', { name: 'Drag Buy seeds to reorder' }).closest('li')).toBe(row);
  });

  it('counts progress as done tasks out of all', () => {
    expect(taskProgress([])).toEqual({ done: 0, total: 0, percent: 0 });
    expect(taskProgress([{ title: 'a', done_at: 'x' }, { title: 'b' }])).toEqual({ done: 1, total: 2, percent: 50 });
  });
});
