import { useStore } from '@nanostores/react';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { ListParams } from '@lifeboard/shared/api/resource';
import { $board } from '@lifeboard/shared/stores/board';
import { $encryption } from '@lifeboard/shared/stores/encryption';
import { Link } from '@lifeboard/shared/lib/router';
import { $currentJournalEntry } from '@lifeboard/shared/stores/data';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton, Spinner } from '@lifeboard/shared/ui/feedback';
import { TextField } from '@lifeboard/shared/ui/fields';
import { EncryptionUnlock } from '@lifeboard/shared/ui/EncryptionUnlock';
import { PageHeader } from '@lifeboard/shared/ui/Panel';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { monthOf } from './calendar';
import { displayDay } from './day-groups';
import { useEntryDays } from './entry-days';
import { useFirstPaintDone } from './first-paint';
import { EntryList, entryTitle } from './EntryList';
import { JournalEntryPage } from '../screens';
import { ExportImportButton } from '../export/ExportImportButton';
import { journalDay, journalListParams, journalTag } from './list-params';
import { useJournalTags, useOnThisDay } from './journal-extras';
import { OnThisDay } from './OnThisDay';
import { TemplateMenu, useOwnTemplates } from './EntryTemplates';
import { findTemplate } from './templates';
import { useSearchAsYouType } from './search-input';
import { useStagedCount } from './staged-count';
import { MonthCalendar } from './MonthCalendar';
import { useOpenDocument } from '../editor/use-open-document';
import './journal.css';

/**
 * The journal's list loads: from the server, or — a search while encryption is on and unlocked — from the device's
 * index (the server holds only ciphertext). The search's code (MiniSearch) loads only then.
 */
function useDeviceSearch() {
  const collection = getCollection('journal_entry');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const load = useCallback(
    (wanted: ListParams) => {
      const mine = ++latest.current;
      const { material, dataKey } = $encryption.get();
      const search = typeof wanted.search === 'string' ? wanted.search : '';
      setError(null);
      if (!search || !material || !dataKey) {
        setBusy(false);
        void collection.load(wanted);
        return;
      }
      setBusy(true);
      const board = $board.get().id;
      void import('@lifeboard/shared/stores/device-search')
        .then(({ searchOnDevice }) =>
          searchOnDevice('journal_entry', board, { search, ...(wanted.to ? { to: wanted.to } : {}) }),
        )
        .then(
          (found) => {
            if (mine === latest.current) collection.fill(wanted, found);
          },
          (failure: unknown) => {
            if (mine === latest.current) setError(failure instanceof Error ? failure.message : String(failure));
          },
        )
        .finally(() => {
          if (mine === latest.current) setBusy(false);
        });
    },
    [collection],
  );
  return { load, busy, error };
}

/** The list half of /journal: search, a calendar to jump to a day, entries by day. */
function JournalList({
  day,
  onDay,
  tag,
  onTag,
}: {
  day: string | null;
  onDay: (day: string | null) => void;
  tag: string | null;
  onTag: (tag: string | null) => void;
}) {
  const { search, settled, setSearch, searchNow } = useSearchAsYouType();
  const today = localDate();
  const [month, setMonth] = useState(() => monthOf(day ?? today));
  const params = journalListParams(settled, day, tag);
  const device = useDeviceSearch();
  const { items, status, error, hasMore, collection } = useCollection('journal_entry', params, { load: device.load });
  // The moods and the calendar's marks are asked for once the first entries are on screen: asked for as the
  // screen mounts, they went out (and the marks' month of entries came back) before the browser's first frame.
  const painted = useFirstPaintDone();
  // The latest moods, for the mood shown on each entry (an entry's mood is usually recent).
  const moods = useCollection('mood', {}, { enabled: painted }).items;
  const moodScores = useMemo(() => new Map(moods.map((m) => [m.id, m.score ?? 0])), [moods]);
  const marked = useEntryDays(month, painted);
  const tags = useJournalTags(painted);
  // Earlier years' entries of today, shown above the latest entries only (not in a search or a filtered list).
  const unfiltered = !settled && !day && !tag;
  const onThisDay = useOnThisDay(today, painted && unfiltered);
  const current = useStore($currentJournalEntry);
  const firstLoad = status === 'loading' && items.length === 0;
  // A screenful first, the rest of the page right after it is painted.
  const shown = useStagedCount(items.length, 8);
  const allShown = shown >= items.length;

  return (
    <div className="lb-journal">
      <aside className="lb-journal__side" aria-label="Find entries">
        <div role="search" aria-label="Search entries">
          <TextField
            label="Search entries"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') searchNow();
            }}
          />
        </div>
        <MonthCalendar
          month={month}
          marked={marked}
          selected={day}
          today={today}
          onMonthChange={setMonth}
          onSelect={(date) => onDay(date === day ? null : date)}
        />
        {tags.length > 0 || tag ? (
          <nav className="lb-journal__tags" aria-label="Tags">
            <h3 className="lb-journal__tags-title">Tags</h3>
            <ul className="lb-tags lb-journal__tag-list">
              {tags.map((row) => (
                <li key={row.tag}>
                  <button
                    type="button"
                    className="lb-tag lb-tag--filter"
                    aria-pressed={row.tag === tag}
                    aria-label={`${row.tag}, ${row.entries === 1 ? '1 entry' : `${row.entries} entries`}`}
                    onClick={() => onTag(row.tag === tag ? null : row.tag)}
                  >
                    {row.tag} <span className="lb-muted">{row.entries}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </aside>
      <div className="lb-journal__main">
        <EncryptionUnlock onUnlocked={() => device.load(params)} />
        {current && current.id > 0 ? (
          <p className="lb-journal__continue">
            Last opened: <Link to={`?entry=${current.id}`}>{entryTitle(current)}</Link>
          </p>
        ) : null}
        {tag ? (
          <div className="lb-row lb-journal__filter">
            <span>Entries tagged “{tag}”</span>
            <Button size="small" onClick={() => onTag(null)}>
              Show all entries
            </Button>
          </div>
        ) : null}
        {unfiltered ? <OnThisDay entries={onThisDay} today={today} /> : null}
        {day ? (
          <div className="lb-row lb-journal__filter">
            <span>Entries up to {displayDay(day)}</span>
            <span className="lb-row">
              <Link className="lb-button lb-button--small" to={`?entry=new&day=${day}`}>
                Write for this day
              </Link>
              <Button size="small" onClick={() => onDay(null)}>
                Show latest
              </Button>
            </span>
          </div>
        ) : null}
        {status === 'loading' && !firstLoad ? <Spinner label="Loading entries…" /> : null}
        {device.busy ? <Spinner label="Searching your encrypted entries on this device…" /> : null}
        {error && status === 'error' ? (
          <ErrorPanel
            title="Could not load entries"
            message={error.message}
            code={error.code}
            onRetry={() => device.load(params)}
          />
        ) : null}
        {device.error ? (
          <ErrorPanel title="Could not search entries" message={device.error} onRetry={() => device.load(params)} />
        ) : null}
        {firstLoad ? <Skeleton lines={4} /> : null}
        {!firstLoad && items.length === 0 && status !== 'error' ? (
          settled ? (
            <EmptyState
              title={`No entries match “${settled}”`}
              description="Try other words, or clear the search."
              action={<Button onClick={() => setSearch('', true)}>Clear search</Button>}
            />
          ) : (
            <EmptyState
              title={tag ? `No entries tagged “${tag}”` : day ? 'No entries on or before this day' : 'No entries yet'}
              description="Write about your day: it is saved as you type."
              action={
                <Link className="lb-button lb-button--primary" to={`?entry=new${day ? `&day=${day}` : ''}`}>
                  Write an entry
                </Link>
              }
            />
          )
        ) : null}
        <EntryList entries={allShown ? items : items.slice(0, shown)} moodScores={moodScores} />
        {hasMore && allShown ? (
          <Button onClick={() => void collection.loadMore()} busy={status === 'loading'}>
            Load more
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** /journal: the entries by day, or one entry open in the editor (`?entry=<id|new>`; `?day=` jumps to a day). */
export function JournalScreen() {
  const { params, setParam, editor } = useOpenDocument('entry');
  const validDay = journalDay(params);
  const tag = journalTag(params);
  const templateRef = editor && editor.id === null ? params.get('template') : null;
  const ownWanted = templateRef?.startsWith('own:') ?? false;
  const own = useOwnTemplates(ownWanted);
  const template = findTemplate(templateRef, own);
  const templateStatus = useStore(getCollection('journal_template').$status);
  // The person's own template is waited for, so the new entry does not open blank and then change.
  const waitingForTemplate = ownWanted && !template && (templateStatus === 'loading' || templateStatus === 'idle');

  return (
    <section className="lb-stack" data-model="journal_entry">
      <PageHeader
        title="Journal"
        description="Write about your day. Entries are saved as you type and listed by day, newest first."
        actions={
          editor ? null : (
            <>
              <Link to="/journal/reflection">Weekly reflection</Link>
              <ExportImportButton />
              <TemplateMenu />
              <Button variant="primary" onClick={() => setParam({ entry: 'new', template: null })}>
                New entry
              </Button>
            </>
          )
        }
      />
      {editor && waitingForTemplate ? (
        <Spinner label="Opening the template…" />
      ) : editor ? (
        <Suspense fallback={<Spinner label="Opening the entry…" />}>
          <JournalEntryPage
            key={editor.key}
            id={editor.id}
            day={validDay}
            initialBody={template?.body}
            onCreated={editor.onCreated}
            onClose={editor.onClose}
          />
        </Suspense>
      ) : (
        <JournalList
          day={validDay}
          onDay={(next) => setParam({ day: next })}
          tag={tag}
          onTag={(next) => setParam({ tag: next })}
        />
      )}
    </section>
  );
}
