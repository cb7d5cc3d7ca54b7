import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { AnyRecord, ListParams } from '../api/resource';
import { loadDraft } from '../stores/drafts';
import { useCollection } from '../stores/use-collection';
import { Button } from './Button';
import { EmptyState, ErrorPanel, Skeleton, Spinner } from './feedback';
import { TextField } from './fields';
import { ModelForm, draftKey } from './ModelForm';
import { searchDelayMs, useDebounced } from '../lib/use-debounced';
import { ModelList } from './ModelList';
import { modelView } from './model/model-view';
import { PageHeader, Panel } from './Panel';
import './tokens.css';
import './model.css';

export interface ModelScreenProps {
  model: string;
  title?: string;
  description?: ReactNode;
  /** Where a record's detail page is (areas with a `/:id` route). */
  detailHref?: (id: number) => string;
  /** Extra list parameters (e.g. a date range). */
  params?: ListParams;
  /** Values a new record starts with. */
  defaults?: Record<string, unknown>;
  /** Shown between the header and the list (e.g. an explanation). */
  children?: ReactNode;
  /** A choice field the list can be narrowed by (e.g. a book's status); it narrows the records loaded so far. */
  filterField?: string;
  /** Shown above a record's edit form (see ModelList). */
  editorExtra?: (record: AnyRecord) => ReactNode;
  /** Where a record's title links, with Edit kept in the list (see ModelList). */
  titleHref?: (record: AnyRecord) => string | null;
}

/** A whole page for one model: header, create form, search, list in natural order, load more, empty and error states. */
export function ModelScreen({
  model,
  title,
  description,
  detailHref,
  params,
  defaults,
  children,
  filterField,
  editorExtra,
  titleHref,
}: ModelScreenProps) {
  const view = modelView(model);
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), searchDelayMs);
  const listParams: ListParams = { ...params, ...(settled ? { search: settled } : {}) };
  const { items, status, error, hasMore, collection } = useCollection(model, listParams);
  // A draft left from before a reload reopens the form, so the text is in front of the user again.
  const [creating, setCreating] = useState(() => loadDraft(draftKey(model)) !== null);
  const newButton = useRef<HTMLButtonElement>(null);
  const [filterValue, setFilterValue] = useState<string | null>(null);
  if (!view) return <ErrorPanel message={`Unknown model: ${model}`} code="LB-UNKNOWN-MODEL" />;
  const lower = view.plural.toLowerCase();
  const firstLoad = status === 'loading' && items.length === 0;
  const filterSpec = filterField ? view.fields.find((spec) => spec.name === filterField) : undefined;
  const filterOptions =
    filterSpec?.kind.type === 'select'
      ? filterSpec.kind.options.map((value) => ({
          value,
          label: filterSpec.kind.type === 'select' ? filterSpec.kind.labels[value] : value,
        }))
      : [];
  const activeFilter = filterOptions.find((option) => option.value === filterValue) ?? null;
  const shown = activeFilter && filterField ? items.filter((item) => item[filterField] === activeFilter.value) : items;

  const openForm = () => setCreating(true);
  const closeForm = () => {
    setCreating(false);
    newButton.current?.focus();
  };

  return (
    <section className="lb-stack" data-model={model}>
      <PageHeader
        title={title ?? view.plural}
        description={description}
        actions={
          <Button
            ref={newButton}
            variant="primary"
            aria-expanded={creating}
            onClick={() => (creating ? closeForm() : openForm())}
          >
            {creating ? 'Close form' : `New ${view.label.toLowerCase()}`}
          </Button>
        }
      />
      {children}
      {creating ? (
        <Panel title={`New ${view.label.toLowerCase()}`}>
          <ModelForm model={model} defaults={defaults} onSaved={closeForm} onCancel={closeForm} />
        </Panel>
      ) : null}
      <div className="lb-model-toolbar" role="search">
        <TextField
          label={`Search ${lower}`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {status === 'loading' ? <Spinner label={`Loading ${lower}…`} /> : null}
      </div>
      {filterSpec && filterOptions.length ? (
        <div className="lb-row" role="group" aria-label={`Show ${lower} by ${filterSpec.label.toLowerCase()}`}>
          <Button size="small" aria-pressed={!activeFilter} onClick={() => setFilterValue(null)}>
            All
          </Button>
          {filterOptions.map((option) => (
            <Button
              key={option.value}
              size="small"
              aria-pressed={activeFilter?.value === option.value}
              onClick={() => setFilterValue(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </div>
      ) : null}
      {error && status === 'error' ? (
        <ErrorPanel
          title={`Could not load ${lower}`}
          message={error.message}
          code={error.code}
          onRetry={() => void collection.load(listParams)}
        />
      ) : null}
      {firstLoad ? <Skeleton lines={4} /> : null}
      {!firstLoad && items.length === 0 && status !== 'error' ? (
        settled ? (
          <EmptyState
            title={`No ${lower} match “${settled}”`}
            description="Try other words, or clear the search."
            action={<Button onClick={() => setSearch('')}>Clear search</Button>}
          />
        ) : (
          <EmptyState
            title={`No ${lower} yet`}
            description={`Add your first ${view.label.toLowerCase()} to get started.`}
            action={
              <Button variant="primary" onClick={openForm}>
                Add {view.label.toLowerCase()}
              </Button>
            }
          />
        )
      ) : null}
      {activeFilter && items.length > 0 && shown.length === 0 ? (
        <EmptyState
          title={`No ${lower} marked “${activeFilter.label}”${hasMore ? ' among those loaded' : ''}`}
          action={<Button onClick={() => setFilterValue(null)}>Show all</Button>}
        />
      ) : null}
      <ModelList model={model} items={shown} detailHref={detailHref} editorExtra={editorExtra} titleHref={titleHref} />
      {hasMore ? (
        <Button onClick={() => void collection.loadMore()} busy={status === 'loading'}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
