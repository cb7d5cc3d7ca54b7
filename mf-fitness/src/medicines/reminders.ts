import { createResource, type AnyRecord } from '@lifeboard/shared/api/resource';
import { nextAt, reminderRule, type Schedule } from './doses';

const reminders = createResource('reminder');

/** The reminders that belong to a medicine (among the first 200 of the board's). */
export async function medicineReminders(board: number, medicineId: number): Promise<AnyRecord[] | null> {
  const result = await reminders.all(board, { limit: 200 });
  if (!result.ok) return null;
  return result.data.items.filter((r) => r.target_model === 'medicine' && r.target_id === medicineId);
}

/**
 * Makes the reminder queue match the schedule: one repeating e-mail reminder per time of day when `on`, none
 * otherwise. Resolves to an error message, or '' when they match.
 */
export async function syncMedicineReminders(
  board: number,
  medicine: { id: number; name: string; dose: string },
  schedule: Schedule,
  on: boolean,
  now = Date.now(),
): Promise<string> {
  const existing = await medicineReminders(board, medicine.id);
  if (existing === null) return 'Your reminders could not be read, so they were not changed.';
  const wanted = on ? schedule.times : [];
  const title = `Take ${medicine.name}${medicine.dose ? ` (${medicine.dose})` : ''}`;
  const rule = reminderRule(schedule);
  // Keep a reminder that already says the right thing (its last sent time stays); replace the rest.
  const clockOf = (r: AnyRecord) =>
    typeof r.remind_at === 'string' ? new Date(r.remind_at).toTimeString().slice(0, 5) : '';
  const keep = existing.filter((r) => r.title === title && r.repeat === rule && wanted.includes(clockOf(r)));
  for (const reminder of existing.filter((r) => !keep.includes(r))) {
    const removed = await reminders.remove(board, reminder.id);
    if (!removed.ok) return `A reminder could not be removed: ${removed.error.message}`;
  }
  for (const time of wanted.filter((t) => !keep.some((r) => clockOf(r) === t))) {
    const made = await reminders.create(board, {
      title,
      remind_at: nextAt(schedule, time, now),
      repeat: rule,
      channels: ['email'],
      target_model: 'medicine',
      target_id: medicine.id,
    });
    if (!made.ok) return `The ${time} reminder could not be made: ${made.error.message}`;
  }
  return '';
}
