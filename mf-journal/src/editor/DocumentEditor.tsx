import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { Button } from '@lifeboard/shared/ui/Button';
import { Spinner } from '@lifeboard/shared/ui/feedback';
import { TextField } from '@lifeboard/shared/ui/fields';
import { findDraft } from './autosave';
import type { Fields } from './autosave';
import type { EditorHandle } from '@lifeboard/shared/editor/RichTextEditor';
import { ConflictPanel, SaveStatus } from './SaveStatus';
import { useAutosave } from './use-autosave';
import { isBlankHtml } from '@lifeboard/shared/ui/model/rich-text';
import './document-editor.css';

// Quill and KaTeX arrive only when an editor opens: the lists never pay for them.
const RichTextEditor = lazy(() => import('@lifeboard/shared/editor/RichTextEditor'));

export interface DocumentEditorProps {
  model: 'journal_entry' | 'note';
  /** The stored document, or null for a new one. */
  record: AnyRecord | null;
  /** The fields edited beside the body, with their starting values for a new document ({ title, date… }). */
  defaults: Fields;
  /** Label of the text area ("Entry text"). */
  bodyLabel: string;
  /** The text a new document starts with (a template's); nothing is saved until the person writes. */
  initialBody?: string;
  /** The model's other fields; `set` saves them like typed text. */
  renderFields?: (values: Fields, set: (name: string, value: unknown) => void) => ReactNode;
  /** Shown beside the status once the document exists (share, delete); `stop` ends autosave before a delete. */
  renderActions?: (id: number, stop: () => void) => ReactNode;
  onSaved: (record: AnyRecord) => void;
  onClose: () => void;
}

function valuesOf(source: Record<string, unknown>, defaults: Fields): Fields {
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, source[key] ?? defaults[key]]));
}

function sameContent(a: Fields, b: Fields): boolean {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(a).sort());
}

/**
 * A journal entry or note being written: title, the model's fields, the rich text, autosave with its
 * status, a draft restored after a reload or a sign-in, and the conflict choice when another tab saved.
 */
export function DocumentEditor({
  model,
  record,
  defaults,
  bodyLabel,
  initialBody = '',
  renderFields,
  renderActions,
  onSaved,
  onClose,
}: DocumentEditorProps) {
  const what = model === 'note' ? 'note' : 'entry';
  // A draft is removed only once the server has confirmed what it holds, so a draft still here was never
  // saved (reload, offline, signed out): it wins, and is sent again. When the copy shown already has the
  // same text (the list cached on this device kept a save that a reload cut off), it is sent without a notice.
  const [start] = useState(() => {
    const stored: Fields = {
      ...valuesOf(record ?? {}, defaults),
      body: typeof record?.body === 'string' ? record.body : record ? '' : initialBody,
    };
    const draft = findDraft(model, record?.id ?? null);
    if (!draft) return { fields: stored, restoredAt: null, base: record, unsaved: false };
    const fields = { ...stored, ...valuesOf(draft.content.fields, stored) };
    const base = record ? { ...record, updated_at: draft.content.base ?? record.updated_at } : null;
    return { fields, restoredAt: sameContent(fields, stored) ? null : draft.savedAt, base, unsaved: true };
  });
  const [values, setValues] = useState<Fields>(() => valuesOf(start.fields, defaults));
  const [restoredAt, setRestoredAt] = useState(start.restoredAt);
  const valuesRef = useRef(values);
  const editor = useRef<EditorHandle | null>(null);
  const bodyBeforeEditor = useRef(String(start.fields.body ?? ''));

  const read = useCallback((): Fields => {
    const body = editor.current ? editor.current.getHtml() : bodyBeforeEditor.current;
    const words = editor.current ? editor.current.getWordCount() : null;
    return {
      ...valuesRef.current,
      body,
      ...(model === 'journal_entry' && words !== null ? { word_count: words } : {}),
    };
  }, [model]);

  const show = useCallback(
    (source: AnyRecord) => {
      const next = valuesOf(source, defaults);
      valuesRef.current = next;
      setValues(next);
      const body = typeof source.body === 'string' ? source.body : '';
      bodyBeforeEditor.current = body;
      editor.current?.setHtml(body);
    },
    [defaults],
  );

  // Nothing typed that stays (text, or a field changed from its default): a new document is not created yet.
  const isEmpty = useCallback(
    (fields: Fields) =>
      isBlankHtml(String(fields.body ?? '')) &&
      Object.keys(defaults).every((key) =>
        // A list (an entry's tags) is compared by what it holds: an empty one is the default.
        Array.isArray(fields[key])
          ? JSON.stringify(fields[key]) === JSON.stringify(defaults[key])
          : (typeof fields[key] === 'string' ? String(fields[key]).trim() : fields[key]) === defaults[key],
      ),
    [defaults],
  );

  const { autosave, state } = useAutosave({ model, record: start.base, read, isEmpty, onSaved, onRemote: show });

  const set = useCallback(
    (name: string, value: unknown) => {
      valuesRef.current = { ...valuesRef.current, [name]: value };
      setValues(valuesRef.current);
      autosave.touch();
    },
    [autosave],
  );

  const handleReady = useCallback(
    (handle: EditorHandle | null) => {
      editor.current = handle;
      // A restored draft is saved like fresh typing.
      if (handle && start.unsaved) autosave.touch();
    },
    [autosave, start.unsaved],
  );

  const handleDiscardDraft = () => {
    setRestoredAt(null);
    autosave.reset(record);
    show(record ?? { id: 0, board_id: 0, created_at: '', updated_at: '', ...defaults, body: '' });
  };

  return (
    <section
      className="lb-document"
      aria-label={`Edit ${what}`}
      onKeyDown={(event) => {
        // Ctrl/Cmd+S saves now instead of opening the browser's "save page" dialog.
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          void autosave.flush();
        }
      }}
    >
      <div className="lb-document__bar">
        <Button onClick={() => void autosave.flush().then(onClose)}>
          Back to {model === 'note' ? 'notes' : 'entries'}
        </Button>
        <SaveStatus state={state} />
        {state.id !== null && state.id > 0 ? renderActions?.(state.id, () => autosave.dispose()) : null}
      </div>
      {restoredAt ? (
        <div className="lb-document__restored" role="note">
          <span>Restored changes that were not saved yet (kept on this device {formatDisplayDate(restoredAt)}).</span>
          <Button size="small" onClick={handleDiscardDraft}>
            Discard them
          </Button>
        </div>
      ) : null}
      {state.conflict ? (
        <ConflictPanel
          what={what}
          mine={state.conflict.mine}
          theirs={state.conflict.theirs}
          onKeepMine={() => void autosave.keepMine()}
          onTakeTheirs={() => {
            const theirs = autosave.takeTheirs();
            if (theirs) show(theirs);
          }}
        />
      ) : null}
      <TextField
        label="Title"
        value={String(values.title ?? '')}
        maxLength={200}
        onChange={(event) => set('title', event.target.value)}
        onBlur={() => void autosave.flush()}
      />
      {renderFields?.(values, set)}
      <Suspense fallback={<Spinner label="Loading the editor…" />}>
        <RichTextEditor
          label={bodyLabel}
          initialHtml={bodyBeforeEditor.current}
          onInput={autosave.touch}
          onBlur={() => void autosave.flush()}
          onReady={handleReady}
          encryptable
        />
      </Suspense>
    </section>
  );
}
