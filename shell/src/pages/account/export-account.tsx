import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { fetchAccountExport } from '@lifeboard/shared/api/account';
import { $encryption, encryptionState } from '@lifeboard/shared/stores/encryption';
import { accountExportName, downloadBlob } from '@lifeboard/shared/lib/download';
import { Link } from '@lifeboard/shared/lib/router';
import { FormAlert } from '../auth/form-parts';

/** "Your data" on `/account` and `/data`: one download of everything (the server builds the zip). */
export function ExportAccount() {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const encrypted = Boolean(useStore($encryption).material);
  useEffect(() => {
    // Unknown stays unsaid: the download works either way.
    encryptionState().catch(() => undefined);
  }, []);

  async function download() {
    setState({ busy: true, error: null });
    const result = await fetchAccountExport();
    if (!result.ok) {
      setState({
        busy: false,
        error:
          result.status === 0
            ? 'The server could not be reached. Please try again.'
            : 'The export could not be made. Please try again.',
      });
      return;
    }
    downloadBlob(result.data, accountExportName(new Date()));
    setState({ busy: false, error: null });
  }

  return (
    <section className="lb-section" aria-labelledby="account-data" id="account-data">
      <h2 id="account-data">Your data</h2>
      <p>
        Download everything in one zip file: every board and everything on it (entries, notes, goals, habits and their
        check-ins, plans, workouts…) as JSON in <code>lifeboard.json</code>; your journal and notes as Markdown files,
        one per entry or note, in <code>markdown/</code>; a spreadsheet (CSV) file per kind of record in{' '}
        <code>csv/</code>; and your uploaded images in <code>uploads/</code>.
      </p>
      {encrypted ? (
        <p>
          Your journal and notes are encrypted: in this download they stay encrypted, their images too, and only you can
          read them. For a readable copy, use <strong>Export</strong> on the <Link to="/journal">Journal</Link> page,
          which decrypts them in this browser.
        </p>
      ) : null}
      <FormAlert kind="error" message={state.error} />
      <button className="lb-button" type="button" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing your download…' : 'Download all my data'}
      </button>
      <p className="lb-muted">
        Want to leave? <Link to="/security#delete-account">Delete your account</Link> on the Security page.
      </p>
    </section>
  );
}
