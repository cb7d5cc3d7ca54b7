import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { Link } from '@lifeboard/shared/lib/router';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $encryption } from '@lifeboard/shared/stores/encryption';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { deleteWithUndo } from '@lifeboard/shared/ui/delete-with-undo';
import { Dialog } from '@lifeboard/shared/ui/Dialog';
import { TextField } from '@lifeboard/shared/ui/fields';
import { isBlankHtml } from '@lifeboard/shared/ui/model/rich-text';
import { builtinTemplates, ownTemplates } from './templates';

/** The person's own templates (loaded once the journal asks for them). */
export function useOwnTemplates(enabled = true) {
  return ownTemplates(useCollection('journal_template', {}, { enabled }).items);
}

/** "New from a template": the built-in templates and the person's own, each opening a new entry with its text. */
export function TemplateMenu() {
  const [open, setOpen] = useState(false);
  const own = useOwnTemplates(open);
  const ownRecords = useStore(getCollection('journal_template').$items);
  return (
    <details className="lb-template-menu" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="lb-button">New from a template</summary>
      <div className="lb-template-menu__panel">
        <ul className="lb-template-menu__list" aria-label="Templates">
          {builtinTemplates.map((template) => (
            <li key={template.ref}>
              <Link to={`?entry=new&template=${encodeURIComponent(template.ref)}`}>{template.name}</Link>
            </li>
          ))}
        </ul>
        {own.length > 0 ? (
          <>
            <p className="lb-muted lb-template-menu__heading">Your templates</p>
            <ul className="lb-template-menu__list" aria-label="Your templates">
              {own.map((template) => {
                const record = ownRecords.find((r) => `own:${r.id}` === template.ref);
                return (
                  <li key={template.ref} className="lb-row">
                    <Link to={`?entry=new&template=${encodeURIComponent(template.ref)}`}>{template.name}</Link>
                    {record ? (
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`Delete the template “${template.name}”`}
                        onClick={() => void deleteWithUndo('journal_template', record)}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p className="lb-muted">Save an entry as a template to add your own.</p>
        )}
      </div>
    </details>
  );
}

/** Saves what an entry says as one of the person's templates, under a name they choose. */
export function SaveAsTemplateButton({ saved }: { saved: () => AnyRecord | null }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const encrypted = useStore($encryption).material !== null;

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Give the template a name.');
      return;
    }
    const entry = saved();
    const body = typeof entry?.body === 'string' ? entry.body : '';
    if (isBlankHtml(body)) {
      setError('This entry has no text yet to make a template of.');
      return;
    }
    setBusy(true);
    const result = await getCollection('journal_template').create({ name: trimmed.slice(0, 80), body });
    setBusy(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setOpen(false);
    notify({ kind: 'success', message: `Saved the template “${trimmed}”. Choose it under “New from a template”.` });
  };

  return (
    <>
      <Button
        onClick={() => {
          const title = saved()?.title;
          setName(typeof title === 'string' ? title.trim() : '');
          setError(null);
          setOpen(true);
        }}
      >
        Save as template
      </Button>
      <Dialog
        open={open}
        title="Save as template"
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" busy={busy} onClick={() => void save()}>
              Save template
            </Button>
          </>
        }
      >
        <p>New entries can start from this entry’s text, as it was last saved.</p>
        {encrypted ? (
          <p role="note">
            Templates are not end-to-end encrypted, even though your journal is: keep headings and questions in them,
            not private text.
          </p>
        ) : null}
        <TextField
          label="Template name"
          value={name}
          maxLength={80}
          error={error ?? undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save();
          }}
        />
      </Dialog>
    </>
  );
}
