import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { minutesLabel, nightOf } from './sleep-stats';

const dayText = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
const clock = (iso: unknown) =>
  typeof iso === 'string' && iso
    ? new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false })
    : '';

/** "Wed, Nov 25, 2026: 7 h 30 min asleep (23:30 to 07:00) · score 82 · felt rested". */
export function nightLine(record: AnyRecord): string {
  const night = nightOf(record);
  const parts = [
    night.minutes === null
      ? 'no times logged'
      : `${minutesLabel(night.minutes)} asleep (${clock(record.bed_at)} to ${clock(record.wake_at)})`,
    night.score === null ? '' : `score ${night.score}`,
    typeof record.quality === 'string' ? record.quality.trim().slice(0, 120) : '',
  ].filter(Boolean);
  return `${dayText(night.date)}: ${parts.join(' · ')}`;
}

/** The nights logged, newest first, each with Delete (and Undo in the notice). */
export function NightsList({ nights, onChanged }: { nights: AnyRecord[]; onChanged: () => void }) {
  const remove = async (record: AnyRecord) => {
    const undo = await getCollection('sleep_score').remove(record.id);
    if (!undo.ok) {
      notify({ kind: 'error', message: `The night was not deleted: ${undo.error?.message ?? 'unknown error'}` });
      return;
    }
    onChanged();
    notify({
      kind: 'info',
      message: `The night of ${dayText(String(record.date))} was deleted.`,
      action: {
        label: 'Undo',
        run: async () => {
          if (await undo()) onChanged();
          else notify({ kind: 'error', message: 'The night could not be restored.' });
        },
      },
    });
  };
  if (nights.length === 0) return <p>No nights logged yet.</p>;
  return (
    <ul className="lb-stack" data-testid="nights">
      {nights.map((record) => (
        <li key={record.id} className="lb-row">
          <span>{nightLine(record)}</span>
          <Button size="small" variant="ghost" disabled={record.id < 0} onClick={() => void remove(record)}>
            Delete<span className="lb-visually-hidden"> the night of {dayText(String(record.date))}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
