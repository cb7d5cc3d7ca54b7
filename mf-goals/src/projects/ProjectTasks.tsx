import { useState, type FormEvent } from 'react';
import { useParams } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { occurrenceKeys } from '@lifeboard/shared/lib/occurrence-keys';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { DateField, TextField } from '@lifeboard/shared/ui/fields';
import { useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { Panel } from '@lifeboard/shared/ui/Panel';
import SortableItems from '@lifeboard/shared/ui/SortableItems';
import './projects.css';

export interface Task {
  title: string;
  done_at?: string | null;
  due_date?: string | null;
  position?: number;
}

const dayName = (date: string) => formatDisplayDate(`${date}T12:00:00`).replace(/ @.*$/, '');

/** How far a project is: its done tasks out of all of them. */
export function taskProgress(tasks: readonly Task[]): { done: number; total: number; percent: number } {
  const done = tasks.filter((task) => task.done_at).length;
  return { done, total: tasks.length, percent: tasks.length ? Math.round((done / tasks.length) * 100) : 0 };
}

/**
 * A project's tasks: tick them off, give them due dates, drag them into order (the handle also moves with
 * Space and the arrow keys; the arrow buttons move one place). The project's progress is its share of done tasks; open tasks wait in the
 * planner's tray.
 */
export function ProjectTasks() {
  const { id } = useParams();
  const projectId = Number(id);
  const { record } = useRecord('project', projectId);
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!record) return null;
  const tasks: Task[] = Array.isArray(record.tasks) ? (record.tasks as Task[]) : [];
  const progress = taskProgress(tasks);
  // A task's row follows it when the list is reordered (by index, a row picked up right after a move was another task's).
  const keys = occurrenceKeys(tasks, (task) => task.title);
  const today = localDate();

  async function save(next: Task[], failure: string): Promise<boolean> {
    // The array's order is the tasks' order; positions are rewritten so both agree.
    const result = await updateRecord('project', projectId, {
      tasks: next.map((task, position) => ({ ...task, position })),
    });
    if (!result.ok) notify({ kind: 'error', message: `${failure}: ${result.error.message}` });
    return result.ok;
  }
  const change = (index: number, fields: Partial<Task>, failure: string) =>
    void save(
      tasks.map((task, i) => (i === index ? { ...task, ...fields } : task)),
      failure,
    );
  const move = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || to >= tasks.length) return;
    const next = [...tasks];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    void save(next, 'The new order was not saved');
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (!text) return setError('Give the task a title.');
    if (text.length > 200) return setError('A title of at most 200 characters.');
    if (tasks.length >= 500) return setError('A project holds at most 500 tasks.');
    setError(null);
    // What was typed stays in the form until the server has it.
    if (await save([...tasks, { title: text, done_at: null, due_date: due || null }], 'The task was not added')) {
      setTitle('');
      setDue('');
    }
  };

  return (
    <Panel title="Tasks" level={2}>
      <p aria-label="Progress">
        <progress max={100} value={progress.percent} aria-hidden="true" />{' '}
        {progress.total
          ? `${progress.done} of ${progress.total} tasks done (${progress.percent} %)`
          : 'No tasks yet: add the first one below.'}
      </p>
      {tasks.length ? (
        <SortableItems
          ids={keys}
          labels={tasks.map((task) => task.title)}
          onMove={move}
          listClassName="lb-stack lb-tasks"
          itemClassName="lb-row lb-task"
          render={(i) => {
            const task = tasks[i];
            const late = !task.done_at && task.due_date && task.due_date < today;
            return (
              <>
                <label className="lb-check">
                  <input
                    type="checkbox"
                    checked={Boolean(task.done_at)}
                    onChange={(e) =>
                      change(
                        i,
                        { done_at: e.target.checked ? new Date().toISOString() : null },
                        `"${task.title}" was not saved`,
                      )
                    }
                  />
                  <span className={task.done_at ? 'lb-task__done' : undefined}>{task.title}</span>
                </label>
                <span className={late ? 'lb-task__late' : 'lb-muted'}>
                  {task.due_date ? `${late ? 'Overdue: ' : 'Due '}${dayName(task.due_date)}` : 'No due date'}
                </span>
                <input
                  type="date"
                  aria-label={`Due date of "${task.title}"`}
                  value={task.due_date ?? ''}
                  onChange={(e) =>
                    change(i, { due_date: e.target.value || null }, `The due date of "${task.title}" was not saved`)
                  }
                />
                {/* Plain buttons as well as the handle: one press moves a task, with any keyboard or switch. */}
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Move "${task.title}" up`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Move "${task.title}" down`}
                  disabled={i === tasks.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  ↓
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Remove "${task.title}"`}
                  onClick={() =>
                    void save(
                      tasks.filter((_, j) => j !== i),
                      `"${task.title}" was not removed`,
                    )
                  }
                >
                  Remove
                </Button>
              </>
            );
          }}
        />
      ) : null}
      <form className="lb-row lb-planner-time" onSubmit={(event) => void add(event)} aria-label="Add a task">
        <TextField
          label="New task"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={error ?? undefined}
        />
        <DateField label="Due (optional)" value={due} onChange={(e) => setDue(e.target.value)} />
        <Button type="submit" size="small">
          Add task
        </Button>
      </form>
    </Panel>
  );
}
