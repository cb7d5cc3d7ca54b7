import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { Button } from '@lifeboard/shared/ui/Button';
import type { AutosaveState, Fields } from './autosave';
import { RichTextView } from '@lifeboard/shared/editor/RichTextView';
import './document-editor.css';

/** The words for each autosave state (what the e2e tests and screen readers read). */
export function statusText(state: AutosaveState<AnyRecord>): string {
  switch (state.status) {
    case 'saved':
      return state.id === null ? 'Not saved yet' : 'Saved';
    case 'unsaved':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return 'Offline — kept on this device';
    case 'signed-out':
      return 'Signed out — kept on this device; sign in again to save';
    case 'failed':
      return `Not saved: ${state.message} — kept on this device`;
    case 'conflict':
      return 'Changed elsewhere — choose a version';
  }
}

/** A live region with the save state; never steals focus. */
export function SaveStatus({ state }: { state: AutosaveState<AnyRecord> }) {
  return (
    <p className="lb-save-status" role="status" aria-live="polite" aria-label="Save status" data-status={state.status}>
      {statusText(state)}
    </p>
  );
}

export interface ConflictPanelProps {
  what: string;
  mine: Fields;
  theirs: AnyRecord;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

function bodyOf(fields: Record<string, unknown>): string {
  return typeof fields.body === 'string' ? fields.body : '';
}

function titleOf(fields: Record<string, unknown>): string {
  return typeof fields.title === 'string' && fields.title ? fields.title : 'Untitled';
}

/** Both versions side by side; nothing is overwritten until the user picks one. */
export function ConflictPanel({ what, mine, theirs, onKeepMine, onTakeTheirs }: ConflictPanelProps) {
  return (
    <section
      className="lb-conflict"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="lb-conflict-title"
      aria-describedby="lb-conflict-text"
    >
      <h3 id="lb-conflict-title">This {what} was changed in another tab or device</h3>
      <p id="lb-conflict-text">
        Your changes are not lost. Keep yours (it replaces the other version) or use the other version.
      </p>
      <div className="lb-conflict__versions">
        <article aria-label="Your version" className="lb-conflict__version">
          <h4>Your version: {titleOf(mine)}</h4>
          <RichTextView html={bodyOf(mine)} />
        </article>
        <article aria-label="The other version" className="lb-conflict__version">
          <h4>Other version: {titleOf(theirs)}</h4>
          <RichTextView html={bodyOf(theirs)} />
        </article>
      </div>
      <div className="lb-row">
        <Button variant="primary" onClick={onKeepMine}>
          Keep mine
        </Button>
        <Button onClick={onTakeTheirs}>Use the other version</Button>
      </div>
    </section>
  );
}
