import type { ReadableAtom, WritableAtom } from 'nanostores';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ApiError } from '@lifeboard/shared/api/errors';
import type { AnyRecord, ModelRecord } from '@lifeboard/shared/api/resource';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Spinner } from '@lifeboard/shared/ui/feedback';
import { deleteWithUndo } from '@lifeboard/shared/ui/delete-with-undo';
import { ShareButton } from '../shared-pages/ShareButton';
import { DocumentEditor } from './DocumentEditor';
import type { DocumentEditorProps } from './DocumentEditor';

type DocumentModel = DocumentEditorProps['model'];

/** The words a document page uses for its kind ("entry", "note"). */
const wordOf: Record<DocumentModel, string> = { journal_entry: 'entry', note: 'note' };

/**
 * The document to open: from the list when it is there (including one this page just created, whose id
 * arrives in the address while its editor stays open), else fetched from the API.
 */
function useDocument<M extends DocumentModel>(
  model: M,
  id: number | null,
): { record: ModelRecord<M> | null; error: ApiError | null; loading: boolean } {
  const collection = getCollection(model);
  const [fetched, setFetched] = useState<{ id: number; record: ModelRecord<M> | null; error: ApiError | null } | null>(
    null,
  );
  const listed = id === null ? null : (collection.find(id) ?? null);
  const record = listed ?? (fetched && fetched.id === id ? fetched.record : null);
  useEffect(() => {
    if (id === null || collection.find(id)) return undefined;
    let live = true;
    void collection.get(id).then((result) => {
      if (live)
        setFetched(result.ok ? { id, record: result.data, error: null } : { id, record: null, error: result.error });
    });
    return () => {
      live = false;
    };
  }, [collection, id]);
  const answered = fetched !== null && fetched.id === id;
  return { record, error: answered && !record ? fetched.error : null, loading: id !== null && !record && !answered };
}

export interface DocumentPageProps<M extends DocumentModel> {
  model: M;
  /** The document's id, or null to write a new one. */
  id: number | null;
  /** The "last opened" document of its kind, kept across visits. */
  current: WritableAtom<ModelRecord<M> | null> & ReadableAtom<ModelRecord<M> | null>;
  defaults: DocumentEditorProps['defaults'];
  bodyLabel: string;
  /** The text a new document starts with (a template's). */
  initialBody?: string;
  /** More actions once the document exists, after sharing (the journal's "Save as template"); `saved` reads its last save. */
  extraActions?: (id: number, saved: () => AnyRecord | null) => ReactNode;
  renderFields: NonNullable<DocumentEditorProps['renderFields']>;
  /** The new document got its id (the screen may put it in the address). */
  onCreated: (id: number) => void;
  onClose: () => void;
}

/** One journal entry or note open for writing: loaded, saved as you type, shared or deleted (with Undo). */
export function DocumentPage<M extends DocumentModel>({
  model,
  id,
  current,
  defaults,
  bodyLabel,
  initialBody,
  extraActions,
  renderFields,
  onCreated,
  onClose,
}: DocumentPageProps<M>): ReactNode {
  const what = wordOf[model];
  const { record, error, loading } = useDocument(model, id);
  const latest = useRef<AnyRecord | null>(record);
  if (!latest.current && record) latest.current = record;

  useEffect(() => {
    if (record) current.set(record);
  }, [current, record]);

  if (loading) return <Spinner label={`Opening the ${what}…`} />;
  if (error || (id !== null && !record)) {
    return (
      <ErrorPanel
        title={`This ${what} could not be opened`}
        message={error?.message ?? 'It may have been deleted.'}
        code={error?.code}
        onRetry={onClose}
      />
    );
  }

  const handleSaved = (saved: AnyRecord) => {
    const wasNew = id === null && latest.current === null;
    latest.current = saved;
    current.set(saved as ModelRecord<M>);
    if (wasNew) onCreated(saved.id);
  };

  const handleDelete = async (stop: () => void) => {
    const found = getCollection(model).find(latest.current?.id ?? 0) ?? latest.current;
    if (!found) return;
    stop();
    if (await deleteWithUndo(model, found)) {
      if (current.get()?.id === found.id) current.set(null);
      onClose();
    }
  };

  return (
    <DocumentEditor
      model={model}
      record={record}
      defaults={defaults}
      bodyLabel={bodyLabel}
      initialBody={initialBody}
      onSaved={handleSaved}
      onClose={onClose}
      renderFields={renderFields}
      renderActions={(savedId, stop) => (
        <>
          <ShareButton model={model} id={savedId} />
          {extraActions?.(savedId, () => getCollection(model).find(savedId) ?? latest.current)}
          <Button variant="danger" onClick={() => void handleDelete(stop)}>
            Delete {what}
          </Button>
        </>
      )}
    />
  );
}
