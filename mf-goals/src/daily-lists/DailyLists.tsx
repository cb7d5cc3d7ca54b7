import type { FormEvent } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Checkbox, CheckboxGroup, TextField } from '@lifeboard/shared/ui/fields';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { notify } from '@lifeboard/shared/stores/notifications';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';

interface Item {
  id: string;
  title: string;
}
type Completions = Record<string, string[]>;

const itemsOf = (list: AnyRecord): Item[] => (Array.isArray(list.items) ? (list.items as Item[]) : []);
const completionsOf = (list: AnyRecord): Completions =>
  typeof list.completions === 'object' && list.completions !== null ? (list.completions as Completions) : {};

function newItemId(title: string, taken: Item[]): string {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'item';
  let id = base;
  for (let n = 2; taken.some((i) => i.id === id); n++) id = `${base}-${n}`;
  return id;
}

function useList(): { list: AnyRecord | null; error: string | null } {
  const { id } = useParams();
  const { record, error } = useRecord('daily_activity_list', Number(id));
  return { list: record, error: error?.message ?? null };
}

/** `/daily-activity-list/:id`: today's checklist; ticking saves the day's completions. A new item's text is a draft until saved. */
export function DailyListToday() {
  const { id } = useParams();
  const { list, error } = useList();
  const [{ title }, update, reset] = useFormDraft(`daily-list-item:${String(id)}`, { title: '' });
  if (error) return <ErrorPanel message={error} />;
  if (!list) return <Skeleton lines={4} />;
  const today = localDate();
  const items = itemsOf(list);
  const done = completionsOf(list)[today] ?? [];
  const save = (fields: Record<string, unknown>) => void updateRecord('daily_activity_list', list.id, fields);
  const toggle = (item: Item, checked: boolean) =>
    save({
      completions: {
        ...completionsOf(list),
        [today]: checked ? [...done, item.id] : done.filter((d) => d !== item.id),
      },
    });
  async function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !list) return;
    const result = await updateRecord('daily_activity_list', list.id, {
      items: [...items, { id: newItemId(title, items), title: title.trim().slice(0, 200) }],
    });
    if (result.ok) reset();
    else notify({ kind: 'error', message: `The item was not added: ${result.error.message}` });
  }
  return (
    <section className="lb-stack">
      <Link to="/daily-activity-list">← All daily lists</Link>
      <PageHeader
        title={String(list.title)}
        description={`${done.length} of ${items.length} done today.`}
        actions={<Link to={`/daily-activity-list/${list.id}/settings`}>Settings</Link>}
      />
      <Panel>
        {items.length ? (
          items.map((item) => (
            <Checkbox
              key={item.id}
              label={item.title}
              checked={done.includes(item.id)}
              onChange={(e) => toggle(item, e.target.checked)}
            />
          ))
        ) : (
          <EmptyState title="This list is empty" description="Add the things you want to do every day." />
        )}
        <form className="lb-row" onSubmit={(event) => void handleAdd(event)} aria-label="Add an item">
          <TextField
            label="New item"
            value={title}
            maxLength={200}
            onChange={(e) => update({ title: e.target.value })}
          />
          <Button type="submit">Add</Button>
        </form>
      </Panel>
    </section>
  );
}

const weekdayOptions = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((label, i) => ({
  value: String(i),
  label,
}));

/** `/daily-activity-list/:id/settings`: which days the list applies, when it resets, its items. */
export function DailyListSettings() {
  const { list, error } = useList();
  if (error) return <ErrorPanel message={error} />;
  if (!list) return <Skeleton lines={4} />;
  const settings = (list.settings ?? {}) as { weekdays?: number[]; reset_at?: string };
  const update = (fields: Record<string, unknown>) => void updateRecord('daily_activity_list', list.id, fields);
  const items = itemsOf(list);
  return (
    <section className="lb-stack">
      <Link to={`/daily-activity-list/${list.id}`}>← {String(list.title)}</Link>
      <PageHeader title={`Settings: ${String(list.title)}`} />
      <Panel>
        <CheckboxGroup
          label="Days this list applies (none: every day)"
          options={weekdayOptions}
          value={(settings.weekdays ?? []).map(String)}
          onChange={(v) => update({ settings: { ...settings, weekdays: v.map(Number).sort() } })}
        />
        <TextField
          label="Resets at"
          type="time"
          value={settings.reset_at ?? ''}
          onChange={(e) => update({ settings: { ...settings, reset_at: e.target.value || undefined } })}
        />
        <ul>
          {items.map((item) => (
            <li key={item.id} className="lb-row">
              {item.title}{' '}
              <Button
                size="small"
                variant="danger"
                onClick={() => update({ items: items.filter((i) => i.id !== item.id) })}
              >
                Remove<span className="lb-visually-hidden"> {item.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      </Panel>
    </section>
  );
}

/** `/daily-activity-list/summary`: completion rate of each list over the last 14 days. */
/** The days of the last 14 a list counts: none before it was made, and only the weekdays it applies to. */
export function countedDays(list: AnyRecord, today = localDate()): { days: string[]; since: string | null } {
  const created =
    typeof list.created_at === 'string' && !Number.isNaN(Date.parse(list.created_at))
      ? localDate(new Date(list.created_at))
      : null;
  const weekdays = Array.isArray((list.settings as { weekdays?: unknown } | undefined)?.weekdays)
    ? (list.settings as { weekdays: number[] }).weekdays
    : [];
  const lastDays = Array.from({ length: 14 }, (_, i) => addDays(today, i - 13));
  const days = lastDays.filter(
    (d) => (!created || d >= created) && (!weekdays.length || weekdays.includes(new Date(`${d}T12:00:00`).getDay())),
  );
  return { days, since: created && created > lastDays[0] ? created : null };
}

const dayName = (date: string) => formatDisplayDate(`${date}T12:00:00`).replace(/ @.*$/, '');

export function DailyListSummary() {
  const { items: lists } = useCollection('daily_activity_list');
  const today = localDate();
  return (
    <section className="lb-stack">
      <PageHeader title="Daily lists: last 14 days" />
      {!lists.length ? (
        <EmptyState title="No daily lists yet" action={<Link to="/daily-activity-list">Create one</Link>} />
      ) : null}
      {lists
        .filter((l) => l.id > 0)
        .map((list) => {
          const total = itemsOf(list).length;
          const done = completionsOf(list);
          const { days, since } = countedDays(list, today);
          const rate =
            total && days.length
              ? days.reduce((sum, d) => sum + Math.min(total, done[d]?.length ?? 0), 0) / (total * days.length)
              : 0;
          const span = since
            ? `since you made this list ${since === today ? 'today' : `on ${dayName(since)}`}`
            : 'over the last 14 days';
          return (
            <Panel key={list.id} title={<Link to={`/daily-activity-list/${list.id}`}>{String(list.title)}</Link>}>
              <p>
                {Math.round(rate * 100)} % of items done {span}.
              </p>
              <Table
                columns={['Day', 'Done']}
                rows={[...days].reverse()}
                row={(d) => (
                  <tr key={d}>
                    <td>{d === today ? 'Today' : dayName(d)}</td>
                    <td>
                      {done[d]?.length ?? 0} of {total}
                    </td>
                  </tr>
                )}
              />
            </Panel>
          );
        })}
    </section>
  );
}
