import { lazy, Suspense, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { Select } from '@lifeboard/shared/ui/fields';
import { Panel } from '@lifeboard/shared/ui/Panel';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { ActionProblem } from '@lifeboard/shared/ui/feedback';

// Drag and drop loads with this panel only (the `lazy-dnd` chunk), once a program is chosen.
const SortableItems = lazy(() => import('@lifeboard/shared/ui/SortableItems'));

const byPosition = (a: AnyRecord, b: AnyRecord) => Number(a.position ?? 0) - Number(b.position ?? 0) || a.id - b.id;

/** The chapters of one program in the order its buyers read them. */
export function chaptersOf(items: readonly AnyRecord[], programId: number): AnyRecord[] {
  return items.filter((c) => c.id > 0 && c.program_id === programId).sort(byPosition);
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * On `/chapters`: one program's chapters in reading order, reordered by dragging a chapter's handle (or with
 * Space and the arrow keys on the handle, or the Move up / Move down buttons). Each moved chapter's new position
 * is saved; a refused save says so and the list shows what the server holds.
 */
export function ChapterOrder() {
  const programs = useCollection('program').items.filter((p) => p.id > 0);
  const { items } = useCollection('chapter');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const programId = Number(chosen) || (programs.length === 1 ? programs[0].id : 0);
  const chapters = chaptersOf(items, programId);
  const guid = String(programs.find((p) => p.id === programId)?.guid ?? '');

  async function move(from: number, to: number) {
    if (to < 0 || to >= chapters.length || from === to) return;
    const order = moved(chapters, from, to);
    setSaving(true);
    setError(null);
    const collection = getCollection('chapter');
    const results = await Promise.all(
      order.flatMap((chapter, position) =>
        chapter.position === position ? [] : [collection.update(chapter.id, { position })],
      ),
    );
    setSaving(false);
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) {
      setError(`The new order was not saved: ${failed.error.message}`);
      void collection.load({});
    }
  }

  const row = (index: number) => {
    const chapter = chapters[index];
    const days = Number(chapter.available_after_days ?? 0);
    return (
      <span className="lb-row">
        <span>
          {index + 1}. {String(chapter.title ?? '')}
        </span>
        <span className="lb-muted">
          {days > 0 ? `opens ${days} day${days === 1 ? '' : 's'} after the start` : 'open from the start'}
        </span>
        <Button size="small" disabled={saving || index === 0} onClick={() => void move(index, index - 1)}>
          Move up<span className="lb-visually-hidden"> {String(chapter.title ?? '')}</span>
        </Button>
        <Button
          size="small"
          disabled={saving || index === chapters.length - 1}
          onClick={() => void move(index, index + 1)}
        >
          Move down<span className="lb-visually-hidden"> {String(chapter.title ?? '')}</span>
        </Button>
      </span>
    );
  };

  return (
    <Panel title="Order of chapters">
      {programs.length === 0 ? (
        <p>Create a program first; its chapters are listed here in the order buyers read them.</p>
      ) : (
        <div className="lb-stack">
          <Select
            label="Program"
            value={programId ? String(programId) : ''}
            placeholder="Choose a program"
            options={programs.map((p) => ({ value: String(p.id), label: String(p.title ?? '') }))}
            onChange={(e) => setChosen(e.target.value)}
          />
          {programId && chapters.length === 0 ? (
            <p>This program has no chapters yet: add one with “New chapter”.</p>
          ) : null}
          {chapters.length ? (
            <>
              <p className="lb-muted">
                Drag a chapter by its handle, or focus the handle and use Space and the arrow keys.
              </p>
              {guid ? (
                <p>
                  <Link to={`/program-implement/${encodeURIComponent(guid)}`}>
                    Preview the lessons as a buyer sees them
                  </Link>
                </p>
              ) : null}
              <Suspense
                fallback={
                  <ol>
                    {chapters.map((c, i) => (
                      <li key={c.id}>{row(i)}</li>
                    ))}
                  </ol>
                }
              >
                <SortableItems
                  ids={chapters.map((c) => String(c.id))}
                  labels={chapters.map((c) => String(c.title ?? ''))}
                  onMove={(from, to) => void move(from, to)}
                  render={row}
                />
              </Suspense>
            </>
          ) : null}
          <ActionProblem message={error} />
        </div>
      )}
    </Panel>
  );
}
