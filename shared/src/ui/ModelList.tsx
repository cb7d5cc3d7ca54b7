import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import type { AnyRecord } from '../api/resource';
import { Button } from './Button';
import { ModelForm } from './ModelForm';
import { summaryLine } from './model/display';
import { modelView } from './model/model-view';
import { recordTitle } from './model/record-title';
import './tokens.css';
import './model.css';

import { deleteWithUndo } from './delete-with-undo';

// Kept importable from here, where the schema-driven screens have always found it.
export { deleteWithUndo };

export interface ModelListProps {
  model: string;
  items: AnyRecord[];
  /** Where a record's detail page is; absent: records are edited in place. */
  detailHref?: (id: number) => string;
  /** Shown above a record's edit form while it is open: what the form's fields cannot edit (a program's cover). */
  editorExtra?: (record: AnyRecord) => ReactNode;
  /** Where a record's title links while it is still edited in the list (unlike `detailHref`, which replaces Edit). */
  titleHref?: (record: AnyRecord) => string | null;
}

/** The records of a model in the order given (the server's natural order), each with edit and delete. */
export function ModelList({ model, items, detailHref, editorExtra, titleHref }: ModelListProps) {
  const view = modelView(model);
  const [editing, setEditing] = useState<number | null>(null);
  if (!view) return null;
  return (
    <ul className="lb-model-list" aria-label={view.plural}>
      {items.map((record) => {
        const title = recordTitle(model, record);
        const summary = summaryLine(view, record);
        const pending = record.id < 0;
        const href = pending ? null : (detailHref?.(record.id) ?? titleHref?.(record) ?? null);
        return (
          <li
            key={record.id}
            className="lb-model-item"
            data-pending={pending || undefined}
            aria-busy={pending || undefined}
          >
            <div className="lb-model-item__head">
              <h3 className="lb-model-item__title">{href ? <Link to={href}>{title}</Link> : title}</h3>
              {pending ? (
                <span className="lb-muted">Saving…</span>
              ) : (
                <span className="lb-row">
                  {!detailHref ? (
                    <Button
                      size="small"
                      aria-expanded={editing === record.id}
                      onClick={() => setEditing(editing === record.id ? null : record.id)}
                    >
                      Edit<span className="lb-visually-hidden"> {title}</span>
                    </Button>
                  ) : null}
                  <Button size="small" variant="danger" onClick={() => void deleteWithUndo(model, record)}>
                    Delete<span className="lb-visually-hidden"> {title}</span>
                  </Button>
                </span>
              )}
            </div>
            {summary ? <p className="lb-model-item__meta">{summary}</p> : null}
            {editing === record.id && editorExtra ? editorExtra(record) : null}
            {editing === record.id ? (
              <ModelForm
                model={model}
                record={record}
                onSaved={() => setEditing(null)}
                onCancel={() => setEditing(null)}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
