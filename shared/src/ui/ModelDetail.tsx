import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from '../lib/router';
import { useStore } from '@nanostores/react';
import type { AnyRecord } from '../api/resource';
import type { ApiError } from '../api/errors';
import { $board } from '../stores/board';
import { getCollection } from '../stores/collection';
import { Button } from './Button';
import { ErrorPanel, Skeleton } from './feedback';
import { ModelForm } from './ModelForm';
import { deleteWithUndo } from './delete-with-undo';
import { PageHeader, Panel } from './Panel';
import { modelView } from './model/model-view';
import { $openRecords, openRecord, rememberRecord } from './model/record-cache';
import { displayValue } from './model/display';
import { recordTitle } from './model/record-title';
import './tokens.css';
import './model.css';

/** Loads one record by id (fresh from the server, again on board switch); the list's or the open copy, whichever is newer. */
export function useRecord(
  model: string,
  id: number,
): { record: AnyRecord | null; error: ApiError | null; reload: () => void } {
  const collection = getCollection(model);
  const items = useStore(collection.$items);
  const open = useStore($openRecords);
  const board = useStore($board);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    void collection.get(id).then((result) => {
      if (!live) return;
      if (result.ok) rememberRecord(model, result.data);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [collection, model, id, board.id, attempt]);
  const listed = items.find((item) => item.id === id);
  const opened = openRecord(open, model, id);
  const record =
    listed && opened
      ? String(listed.updated_at) > String(opened.updated_at)
        ? listed
        : opened
      : (listed ?? opened ?? null);
  return { record, error: record ? null : error, reload: () => setAttempt((n) => n + 1) };
}

export interface ModelDetailProps {
  model: string;
  id: number;
  backHref: string;
  /** More content under the record (charts, related lists). */
  children?: ReactNode;
  /** Open with the editor showing (an `/:id/edit` route). */
  startEditing?: boolean;
  /** The heading, when the screen knows a better one than the record's own title (a session named by its workout). */
  title?: string;
  /** What a field shows in place of its stored value (a reference's name instead of its id). */
  fieldText?: Partial<Record<string, ReactNode>>;
}

/** One record: its fields, an edit form, and delete (with undo) that returns to the list. */
export function ModelDetail({
  model,
  id,
  backHref,
  children,
  startEditing = false,
  title,
  fieldText = {},
}: ModelDetailProps) {
  const view = modelView(model);
  const { record, error, reload } = useRecord(model, id);
  const [editing, setEditing] = useState(startEditing);
  const navigate = useNavigate();
  if (!view) return <ErrorPanel message={`Unknown model: ${model}`} code="LB-UNKNOWN-MODEL" />;
  const back = <Link to={backHref}>← All {view.plural.toLowerCase()}</Link>;
  if (error)
    return (
      <div className="lb-stack">
        {back}
        <ErrorPanel
          title={`Could not open this ${view.label.toLowerCase()}`}
          message={error.message}
          code={error.code}
          onRetry={reload}
        />
      </div>
    );
  if (!record)
    return (
      <div className="lb-stack">
        {back}
        <Skeleton lines={5} />
      </div>
    );

  async function handleDelete() {
    if (record && (await deleteWithUndo(model, record))) void navigate(backHref);
  }

  return (
    <section className="lb-stack" data-model={model}>
      {back}
      <PageHeader
        title={title ?? recordTitle(model, record)}
        actions={
          <>
            <Button aria-expanded={editing} onClick={() => setEditing(!editing)}>
              {editing ? 'Close editor' : 'Edit'}
            </Button>
            <Button variant="danger" onClick={() => void handleDelete()}>
              Delete
            </Button>
          </>
        }
      />
      {editing ? (
        <Panel title={`Edit ${view.label.toLowerCase()}`}>
          <ModelForm
            model={model}
            record={record}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </Panel>
      ) : (
        <Panel>
          <dl className="lb-detail">
            {view.fields.map((spec) => {
              const text = fieldText[spec.name] ?? displayValue(spec, record, true);
              return text
                ? [<dt key={`${spec.name}-t`}>{spec.label}</dt>, <dd key={`${spec.name}-d`}>{text}</dd>]
                : null;
            })}
          </dl>
        </Panel>
      )}
      {children}
    </section>
  );
}

/** `ModelDetail` for a route with an `:id` parameter. */
export function ModelDetailRoute({
  model,
  backHref,
  children,
  startEditing,
  title,
  fieldText,
}: Omit<ModelDetailProps, 'id'>) {
  const { id } = useParams();
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0)
    return <ErrorPanel title="Not found" message={`“${id ?? ''}” is not a valid id.`} code="LB-NOT-FOUND" />;
  return (
    <ModelDetail
      key={numeric}
      model={model}
      id={numeric}
      backHref={backHref}
      startEditing={startEditing}
      title={title}
      fieldText={fieldText}
    >
      {children}
    </ModelDetail>
  );
}
