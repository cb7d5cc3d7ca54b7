import { useStore } from '@nanostores/react';
import { Suspense, useMemo, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $currentNote } from '@lifeboard/shared/stores/data';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton, Spinner } from '@lifeboard/shared/ui/feedback';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { deleteWithUndo } from '@lifeboard/shared/ui/delete-with-undo';
import { searchDelayMs, useDebounced } from '@lifeboard/shared/lib/use-debounced';
import { PageHeader } from '@lifeboard/shared/ui/Panel';
import { excerpt } from '@lifeboard/shared/ui/model/rich-text';
import { EncryptionUnlock } from '@lifeboard/shared/ui/EncryptionUnlock';
import { sealedTitle } from '../journal/EntryList';
import { inCategory, isNoteSort, noteSorts, sortNotes } from './note-order';
import type { NoteSort } from './note-order';
import { NoteEditorPage } from '../screens';
import { ExportImportButton } from '../export/ExportImportButton';
import { useOpenDocument } from '../editor/use-open-document';
import './notes.css';

type Note = ModelRecord<'note'>;

export function noteTitle(note: Note): string {
  return sealedTitle(note) ?? (note.title?.trim() || 'Untitled note');
}

async function togglePin(note: Note): Promise<void> {
  const result = await getCollection('note').update(note.id, { pinned: !note.pinned });
  if (!result.ok)
    notify({
      kind: 'error',
      message: `The note was not ${note.pinned ? 'unpinned' : 'pinned'}: ${result.error.message}`,
    });
}

function NoteCard({ note, categoryName }: { note: Note; categoryName: string | null }) {
  const pending = note.id < 0;
  const title = noteTitle(note);
  return (
    <li className="lb-note" data-pinned={note.pinned || undefined} aria-busy={pending || undefined}>
      <div className="lb-note__head">
        <h3 className="lb-note__title">
          {pending || sealedTitle(note) ? title : <Link to={`?note=${note.id}`}>{title}</Link>}
        </h3>
        {!pending ? (
          <Button
            size="small"
            variant="ghost"
            aria-pressed={note.pinned === true}
            // The words on the button first (label-in-name); aria-pressed tells whether it is pinned.
            aria-label={`${note.pinned ? 'Pinned' : 'Pin'} “${title}”`}
            onClick={() => void togglePin(note)}
          >
            <svg aria-hidden="true" data-lb-icon="" width="14" height="14" viewBox="0 0 16 16">
              <path
                d="M6 1.5h4l-.6 4.2 2.6 2.6v1.2H8.6V15L8 15.5 7.4 15V9.5H4V8.3l2.6-2.6z"
                fill={note.pinned ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.2"
                strokeLinejoin="round"
              />
            </svg>{' '}
            {note.pinned ? 'Pinned' : 'Pin'}
          </Button>
        ) : null}
      </div>
      <p className="lb-muted lb-note__meta">
        {pending ? 'Saving…' : `Updated ${formatDisplayDate(note.updated_at)}`}
        {categoryName ? (
          <>
            {' '}
            · <span className="lb-note__category">{categoryName}</span>
          </>
        ) : null}
      </p>
      <p className="lb-note__excerpt">{excerpt(note.body ?? '', 200)}</p>
      {!pending ? (
        <Button
          size="small"
          variant="ghost"
          aria-label={`Delete “${title}”`}
          onClick={() => void deleteWithUndo('note', note)}
        >
          Delete
        </Button>
      ) : null}
    </li>
  );
}

/** The list half of /notes: search, category filter, sort; pinned notes first. */
function NotesList({
  categoryId,
  sort,
  onFilter,
}: {
  categoryId: number | null;
  sort: NoteSort;
  onFilter: (changes: Record<string, string | null>) => void;
}) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), searchDelayMs);
  const { items, status, error, hasMore, collection } = useCollection('note', settled ? { search: settled } : {});
  const categories = useStore(getCollection('category').$items);
  const current = useStore($currentNote);
  const names = useMemo(() => new Map(categories.map((c) => [c.id, c.name ?? ''])), [categories]);
  const shown = useMemo(() => sortNotes(inCategory(items, categoryId), sort), [items, categoryId, sort]);
  const firstLoad = status === 'loading' && items.length === 0;
  const filtered = Boolean(settled) || categoryId !== null;

  return (
    <div className="lb-stack">
      <EncryptionUnlock onUnlocked={() => void collection.load(settled ? { search: settled } : {})} />
      <div className="lb-notes__toolbar" role="search" aria-label="Find notes">
        <TextField
          label="Search notes"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          label="Category"
          placeholder="All categories"
          value={categoryId === null ? '' : String(categoryId)}
          options={categories.map((c) => ({ value: String(c.id), label: c.name ?? `Category ${c.id}` }))}
          onChange={(event) => onFilter({ category: event.target.value || null })}
        />
        <Select
          label="Sort by"
          value={sort}
          options={noteSorts}
          onChange={(event) => onFilter({ sort: event.target.value === 'updated' ? null : event.target.value })}
        />
        {status === 'loading' && !firstLoad ? <Spinner label="Loading notes…" /> : null}
      </div>
      {current && current.id > 0 ? (
        <p className="lb-notes__continue">
          Last opened: <Link to={`?note=${current.id}`}>{noteTitle(current)}</Link>
        </p>
      ) : null}
      {error && status === 'error' ? (
        <ErrorPanel
          title="Could not load notes"
          message={error.message}
          code={error.code}
          onRetry={() => void collection.load(settled ? { search: settled } : {})}
        />
      ) : null}
      {firstLoad ? <Skeleton lines={4} /> : null}
      {!firstLoad && shown.length === 0 && status !== 'error' ? (
        filtered ? (
          <EmptyState
            title="No notes match"
            description="Try other words or another category."
            action={
              <Button
                onClick={() => {
                  setSearch('');
                  onFilter({ category: null });
                }}
              >
                Show all notes
              </Button>
            }
          />
        ) : (
          <EmptyState
            title="No notes yet"
            description="Jot something down: it is saved as you type."
            action={
              <Link className="lb-button lb-button--primary" to="?note=new">
                Write a note
              </Link>
            }
          />
        )
      ) : null}
      <ul className="lb-notes" aria-label="Notes">
        {shown.map((note) => (
          <NoteCard
            key={note.id}
            note={note}
            categoryName={typeof note.category_id === 'number' ? (names.get(note.category_id) ?? null) : null}
          />
        ))}
      </ul>
      {hasMore ? (
        <Button onClick={() => void collection.loadMore()} busy={status === 'loading'}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}

/** /notes: the notes, or one open in the editor (`?note=<id|new>`); `?category=` and `?sort=` filter and order the list. */
export function NotesScreen() {
  const { params, setParam, editor } = useOpenDocument('note');
  useCollection('category');
  const category = params.get('category');
  const categoryId = category && /^\d+$/.test(category) ? Number(category) : null;
  const sortParam = params.get('sort');
  const sort: NoteSort = isNoteSort(sortParam) ? sortParam : 'updated';

  return (
    <section className="lb-stack" data-model="note">
      <PageHeader
        title="Notes"
        description="Quick notes and longer thoughts, saved as you type. Pin the ones you come back to."
        actions={
          editor ? null : (
            <>
              <ExportImportButton />
              <Button variant="primary" onClick={() => setParam({ note: 'new' })}>
                New note
              </Button>
            </>
          )
        }
      />
      {editor ? (
        <Suspense fallback={<Spinner label="Opening the note…" />}>
          <NoteEditorPage
            key={editor.key}
            id={editor.id}
            categoryId={categoryId}
            onCreated={editor.onCreated}
            onClose={editor.onClose}
          />
        </Suspense>
      ) : (
        <NotesList categoryId={categoryId} sort={sort} onFilter={setParam} />
      )}
    </section>
  );
}
