import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { Dialog } from '@lifeboard/shared/ui/Dialog';
import { downloadBlob } from '@lifeboard/shared/lib/download';
import { buildExportZip, exportFileName, toExportFile } from './build-export';
import { exportSealedImages, type ExportedImages } from './export-images';
import { fetchAll } from './fetch-all';
import { importExport, readExport } from './import-export';
import './export.css';

type Outcome = { kind: 'info' | 'error'; lines: string[] } | null;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The "Export / import" dialog: downloads every journal entry and note of the board (Markdown files and JSON
 * in one zip, made here in the browser: entries will be encrypted on the device, so the server cannot) and
 * imports such a file back, adding only what the board does not have. Its own chunk, with the zip and
 * Markdown libraries (`lazy-export`): they load when someone opens it.
 */
export default function ExportImportDialog({ onClose }: { onClose: () => void }) {
  const board = useStore($board);
  const fileId = useId();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function handleExport() {
    setBusy(true);
    setOutcome(null);
    setProgress('Reading journal entries…');
    const entries = await fetchAll('journal_entry', board.id, (n) => setProgress(`Reading journal entries… ${n}`));
    const notes = entries.ok ? await fetchAll('note', board.id, (n) => setProgress(`Reading notes… ${n}`)) : null;
    const moods = notes?.ok ? await fetchAll('mood', board.id, (n) => setProgress(`Reading moods… ${n}`)) : null;
    const categories = moods?.ok ? await fetchAll('category', board.id) : null;
    if (!entries.ok || !notes?.ok || !moods?.ok || !categories?.ok) {
      const failed = [entries, notes, moods, categories].find((result) => result && !result.ok);
      const error = failed && !failed.ok ? failed.error : null;
      setProgress('');
      setBusy(false);
      setOutcome({
        kind: 'error',
        lines: [`The export was not made: ${error?.message ?? 'the records could not be read'}.`],
      });
      return;
    }
    const now = new Date();
    let exported: ExportedImages;
    setProgress('Adding images…');
    try {
      exported = await exportSealedImages(
        toExportFile(entries.records, notes.records, now, { moods: moods.records, categories: categories.records }),
      );
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      setOutcome({ kind: 'error', lines: [`The export was not made: ${error.message.replace(/\.$/, '')}.`] });
      return;
    } finally {
      setProgress('');
      setBusy(false);
    }
    const { file, images, missing } = exported;
    downloadBlob(
      new Blob([buildExportZip(file, images) as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
      exportFileName(now),
    );
    const imageCount = Object.keys(images).length;
    setOutcome({
      kind: 'info',
      lines: [
        `Exported ${plural(file.journal_entries.length, 'journal entry', 'journal entries')} and ${plural(file.notes.length, 'note')}${imageCount ? `, with ${plural(imageCount, 'image')}` : ''}.`,
        ...(missing
          ? [`${plural(missing, 'image was', 'images were')} no longer on the server, so not in the export.`]
          : []),
      ],
    });
  }

  async function handleImport(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const chosen = input.files?.[0];
    if (!chosen) return;
    setBusy(true);
    setOutcome(null);
    const parsed = readExport(new Uint8Array(await chosen.arrayBuffer()));
    input.value = '';
    if (!parsed.ok) {
      setBusy(false);
      setOutcome({ kind: 'error', lines: [`${chosen.name} was not imported; nothing changed.`, ...parsed.errors] });
      return;
    }
    const report = await importExport(board.id, parsed.file, setProgress, parsed.images);
    setProgress('');
    setBusy(false);
    if (report.imported) {
      void getCollection('journal_entry').load();
      void getCollection('note').load();
    }
    const summary = `${report.imported} imported, ${report.alreadyThere} already there.`;
    setOutcome(report.error ? { kind: 'error', lines: [report.error, summary] } : { kind: 'info', lines: [summary] });
  }

  return (
    <Dialog
      open
      title="Export or import your journal and notes"
      className="lb-export-dialog"
      onClose={onClose}
      closable={!busy}
      actions={
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
      }
    >
      <section className="lb-stack" aria-label="Export">
        <p>
          Download every journal entry and note of <strong>{board.name || 'this board'}</strong> in one zip: a Markdown
          file for each, and <code>lifeboard-export.json</code> to import them back later.
        </p>
        <Button variant="primary" busy={busy} onClick={() => void handleExport()}>
          Download export (.zip)
        </Button>
      </section>
      <section className="lb-stack" aria-label="Import">
        <label htmlFor={fileId}>Import a Lifeboard export (.zip or .json)</label>
        <input
          id={fileId}
          type="file"
          accept=".zip,.json,application/zip,application/json"
          disabled={busy}
          onChange={(event) => void handleImport(event)}
        />
        <p className="lb-muted">
          Entries and notes already on this board are skipped, so importing the same file twice adds nothing twice.
        </p>
      </section>
      <div role="status" className="lb-export-dialog__status">
        {progress}
        {outcome?.kind === 'info' ? outcome.lines.map((line) => <p key={line}>{line}</p>) : null}
      </div>
      {outcome?.kind === 'error' ? (
        <div role="alert" className="lb-export-dialog__error">
          {outcome.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
    </Dialog>
  );
}
