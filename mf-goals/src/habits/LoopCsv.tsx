import { useState, type ChangeEvent } from 'react';
import { fetchLoopExport, importLoopArchive } from '@lifeboard/shared/api/habits';
import { downloadBlob } from '@lifeboard/shared/lib/download';
import { forgetHabitRows, loadHabitRows } from '@lifeboard/shared/stores/habits';
import { Button } from '@lifeboard/shared/ui/Button';
import { Panel } from '@lifeboard/shared/ui/Panel';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Download one habit's (or every habit's) CSV archive in Loop Habit Tracker's layout. */
export function LoopExportButton({ board, habitId, label }: { board: number; habitId?: number; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function run() {
    setBusy(true);
    const answer = await fetchLoopExport(board, habitId);
    setBusy(false);
    if (!answer) {
      setError('The CSV archive could not be made. Try again in a moment.');
      return;
    }
    setError('');
    downloadBlob(answer.blob, answer.name);
  }
  return (
    <>
      <Button busy={busy} onClick={() => void run()}>
        {label}
      </Button>
      {error ? (
        <span role="alert" className="lb-field__error">
          {error}
        </span>
      ) : null}
    </>
  );
}

/** `/habits`' CSV panel: export everything, or import the zip Loop Habit Tracker's "Export as CSV" makes. */
export function LoopCsvPanel({ board }: { board: number }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 12 * 1024 * 1024) {
      setResult({ ok: false, text: `“${file.name}” is too large to import (the limit is 12 MB).` });
      return;
    }
    setBusy(true);
    const answer = await importLoopArchive(board, await file.arrayBuffer());
    setBusy(false);
    if ('error' in answer) {
      setResult({ ok: false, text: `Nothing was imported from “${file.name}”: ${answer.error}` });
      return;
    }
    const c = answer.counts;
    setResult({
      ok: true,
      text:
        `Imported “${file.name}”: ${plural(c.habits_created, 'new habit')}, ${plural(c.habits_matched, 'habit')} already here by name; ` +
        `${plural(c.checkins_added, 'check-in')} added${c.checkins_already_there ? `, ${plural(c.checkins_already_there, 'day')} already checked in left as they were` : ''}.`,
    });
    forgetHabitRows();
    await loadHabitRows(board, { force: true });
  }

  return (
    <Panel title="Loop Habit Tracker CSV">
      <p>
        Move between Lifeboard and Loop Habit Tracker: the archive holds Habits.csv and, per habit, its check-ins and
        strength. Importing the same archive twice adds nothing twice.
      </p>
      <div className="lb-row">
        <LoopExportButton board={board} label="Export all habits as CSV" />
        <label className="lb-button lb-button--secondary" aria-busy={busy || undefined}>
          {busy ? 'Importing…' : 'Import a Loop archive (zip)'}
          <input
            type="file"
            accept=".zip,application/zip"
            className="lb-visually-hidden"
            disabled={busy}
            onChange={(e) => void pick(e)}
          />
        </label>
      </div>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? undefined : 'lb-field__error'}>
          {result.text}
        </p>
      ) : null}
    </Panel>
  );
}
