import { useState, type FormEvent } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import {
  amountPeriodDays,
  amountPeriodOf,
  describeSchedule,
  scheduleToStored,
  storedToSchedule,
  weekdayNames,
  type AmountPeriod,
  type ScheduleChoice,
} from '@lifeboard/shared/models/habit-schedule';
import { defaultHabitChannels } from '@lifeboard/shared/models/habit';
import { reminderChannelLabels, reminderChannels } from '@lifeboard/shared/models/reminder';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { forgetHabitRows } from '@lifeboard/shared/stores/habits';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';
import { Button } from '@lifeboard/shared/ui/Button';
import { CheckboxGroup, Select, TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { ChannelsInput } from '@lifeboard/shared/ui/ChannelsInput';
import { GoalPicker } from '@lifeboard/shared/ui/GoalPicker';

type Counting = 'yes_no' | 'at_least' | 'at_most';
type ScheduleType = ScheduleChoice['type'];

interface Draft {
  title: string;
  description: string;
  counting: Counting;
  schedule: ScheduleType;
  times: string;
  days: string;
  weekdays: string[];
  target: string;
  unit: string;
  per: AmountPeriod;
  color: string;
  goal: string;
  /** Reminder times as typed: "08:30, 21:00". */
  reminders: string;
  channels: string[];
}

const scheduleOptions: { value: ScheduleType; label: string }[] = [
  { value: 'daily', label: 'Every day' },
  { value: 'week', label: 'N times a week' },
  { value: 'month', label: 'N times a month' },
  { value: 'every', label: 'Every N days' },
  { value: 'weekdays', label: 'On fixed days of the week' },
  { value: 'custom', label: 'N times in D days' },
];

function draftOf(habit: AnyRecord | null): Draft {
  const choice = habit ? storedToSchedule(habit) : ({ type: 'daily' } as ScheduleChoice);
  const counting = habit?.kind === 'at_least' || habit?.kind === 'at_most' ? habit.kind : 'yes_no';
  return {
    title: typeof habit?.title === 'string' ? habit.title : '',
    description: typeof habit?.description === 'string' ? habit.description : '',
    counting,
    schedule: counting === 'yes_no' ? choice.type : 'daily',
    times: 'times' in choice ? String(choice.times) : '3',
    days: choice.type === 'every' || choice.type === 'custom' ? String(choice.days) : '2',
    weekdays: choice.type === 'weekdays' ? choice.days.map(String) : ['1', '3', '5'],
    target: typeof habit?.target === 'number' ? String(habit.target) : '',
    unit: typeof habit?.unit === 'string' ? habit.unit : '',
    per: habit ? amountPeriodOf(habit) : 'day',
    color: typeof habit?.color === 'string' && habit.color ? habit.color : '#2f5bd3',
    goal: typeof habit?.goal_id === 'number' ? String(habit.goal_id) : '',
    reminders: Array.isArray(habit?.reminder_times) ? habit.reminder_times.join(', ') : '',
    // A habit that never chose has the channels every habit had before the choice (the server does the same).
    channels: Array.isArray(habit?.reminder_channels) ? habit.reminder_channels.map(String) : [...defaultHabitChannels],
  };
}

type Errors = Partial<Record<keyof Draft, string>>;

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** "8:30, 21:00" as stored times ("08:30", "21:00"), sorted and once each; null when one is not a time. */
function timesOf(text: string): string[] | null {
  const typed = text.split(/[\s,;]+/).filter(Boolean);
  const times: string[] = [];
  for (const item of typed) {
    const match = TIME.exec(item);
    if (!match) return null;
    times.push(`${match[1].padStart(2, '0')}:${match[2]}`);
  }
  return [...new Set(times)].sort();
}

const whole = (text: string, min: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The stored fields from the form, or the errors in words. */
function fieldsOf(draft: Draft): { fields: Record<string, unknown> } | { errors: Errors } {
  const errors: Errors = {};
  if (!draft.title.trim()) errors.title = 'Give the habit a name.';
  let schedule: ReturnType<typeof scheduleToStored> | null = null;
  if (draft.counting === 'yes_no') {
    const times = whole(draft.times, 1, 365);
    const days = whole(draft.days, 1, 365);
    if (draft.schedule === 'week' && (times === null || times > 7)) errors.times = 'Choose from 1 to 7 times a week.';
    if (draft.schedule === 'month' && (times === null || times > 30))
      errors.times = 'Choose from 1 to 30 times a month.';
    if (draft.schedule === 'every' && (days === null || days < 2)) errors.days = 'Choose every 2 to 365 days.';
    if (draft.schedule === 'custom') {
      if (days === null || days < 2) errors.days = 'Choose from 2 to 365 days.';
      if (times === null || (days !== null && times > days))
        errors.times = 'Choose at most as many times as there are days.';
    }
    if (draft.schedule === 'weekdays' && draft.weekdays.length === 0) errors.weekdays = 'Choose at least one day.';
    if (!Object.keys(errors).length) {
      const choice: ScheduleChoice =
        draft.schedule === 'daily'
          ? { type: 'daily' }
          : draft.schedule === 'week'
            ? { type: 'week', times: times ?? 1 }
            : draft.schedule === 'month'
              ? { type: 'month', times: times ?? 1 }
              : draft.schedule === 'every'
                ? { type: 'every', days: days ?? 2 }
                : draft.schedule === 'weekdays'
                  ? { type: 'weekdays', days: draft.weekdays.map(Number) }
                  : { type: 'custom', times: times ?? 1, days: days ?? 2 };
      schedule = scheduleToStored(choice);
    }
  } else {
    const target = Number(draft.target.replace(',', '.'));
    if (draft.target.trim() === '' || !Number.isFinite(target) || target < 0 || target > 1_000_000)
      errors.target = 'Enter an amount from 0 to 1,000,000.';
    schedule = { frequency_num: 1, frequency_den: amountPeriodDays[draft.per], weekdays: [] };
  }
  const times = timesOf(draft.reminders);
  if (times === null) errors.reminders = 'Write times of day like 08:30, separated by commas.';
  else if (times.length > 10) errors.reminders = 'Choose at most 10 reminder times.';
  else if (times.length && !draft.channels.length) errors.channels = 'Choose at least one way to be reminded.';
  if (Object.keys(errors).length || !schedule || !times) return { errors };
  const numeric = draft.counting !== 'yes_no';
  return {
    fields: {
      title: draft.title.trim(),
      description: draft.description,
      kind: draft.counting,
      ...schedule,
      target: numeric ? Number(draft.target.replace(',', '.')) : null,
      unit: numeric && draft.unit.trim() ? draft.unit.trim() : null,
      color: draft.color,
      goal_id: draft.goal ? Number(draft.goal) : null,
      reminder_times: times,
      reminder_channels: draft.channels,
    },
  };
}

/** Create or edit a habit in people's words: "3 times a week", "at least 8 glasses per day". */
export function HabitForm({
  habit,
  onSaved,
  onCancel,
}: {
  habit: AnyRecord | null;
  onSaved: (record: AnyRecord) => void;
  onCancel?: () => void;
}) {
  const [draft, update, reset] = useFormDraft<Draft>(habit ? `habit-edit-${habit.id}` : 'habit-new', draftOf(habit));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>) => {
    update(change);
    setErrors({});
    setFailure('');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = fieldsOf(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setBusy(true);
    const collection = getCollection('habit');
    const saved = habit ? await collection.update(habit.id, result.fields) : await collection.create(result.fields);
    setBusy(false);
    if (!saved.ok) {
      setFailure(`The habit was not saved: ${saved.error.message}`);
      return;
    }
    forgetHabitRows();
    reset();
    onSaved(saved.data);
  }

  const preview = fieldsOf(draft);
  const numeric = draft.counting !== 'yes_no';
  return (
    <form
      className="lb-stack lb-model-form"
      onSubmit={(event) => void submit(event)}
      aria-label={habit ? 'Edit habit' : 'New habit'}
      noValidate
    >
      <TextField
        label="Name"
        value={draft.title}
        maxLength={200}
        onChange={(e) => set({ title: e.target.value })}
        error={errors.title}
        required
      />
      <Select
        label="How do you count it?"
        value={draft.counting}
        onChange={(e) => set({ counting: e.target.value as Counting })}
        options={[
          { value: 'yes_no', label: 'Done or not done' },
          { value: 'at_least', label: 'An amount: at least…' },
          { value: 'at_most', label: 'An amount: at most…' },
        ]}
      />
      {numeric ? (
        <div className="lb-row">
          <TextField
            label={draft.counting === 'at_least' ? 'At least' : 'At most'}
            inputMode="decimal"
            value={draft.target}
            onChange={(e) => set({ target: e.target.value })}
            error={errors.target}
          />
          <TextField
            label="Unit"
            hint="glasses, pages, minutes…"
            value={draft.unit}
            maxLength={30}
            onChange={(e) => set({ unit: e.target.value })}
          />
          <Select
            label="Per"
            value={draft.per}
            onChange={(e) => set({ per: e.target.value as AmountPeriod })}
            options={[
              { value: 'day', label: 'day' },
              { value: 'week', label: 'week' },
              { value: 'month', label: 'month' },
            ]}
          />
        </div>
      ) : (
        <>
          <Select
            label="How often?"
            value={draft.schedule}
            onChange={(e) => set({ schedule: e.target.value as ScheduleType })}
            options={scheduleOptions}
          />
          {draft.schedule === 'week' || draft.schedule === 'month' || draft.schedule === 'custom' ? (
            <TextField
              label="How many times"
              inputMode="numeric"
              value={draft.times}
              onChange={(e) => set({ times: e.target.value })}
              error={errors.times}
            />
          ) : null}
          {draft.schedule === 'every' || draft.schedule === 'custom' ? (
            <TextField
              label={draft.schedule === 'every' ? 'Every how many days' : 'In how many days'}
              inputMode="numeric"
              value={draft.days}
              onChange={(e) => set({ days: e.target.value })}
              error={errors.days}
            />
          ) : null}
          {draft.schedule === 'weekdays' ? (
            <CheckboxGroup
              label="On these days"
              value={draft.weekdays}
              onChange={(weekdays) => set({ weekdays })}
              error={errors.weekdays}
              options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: String(d), label: weekdayNames[d] }))}
            />
          ) : null}
        </>
      )}
      {'fields' in preview ? (
        <p>
          This habit: <strong>{describeSchedule(preview.fields)}</strong>.
        </p>
      ) : null}
      <TextArea
        label="Description"
        value={draft.description}
        maxLength={5000}
        onChange={(e) => set({ description: e.target.value })}
      />
      <GoalPicker
        value={draft.goal ? Number(draft.goal) : null}
        onChange={(id) => set({ goal: id === null ? '' : String(id) })}
      />
      <TextField
        label="Reminder times"
        hint="Times of day, e.g. 08:30 or 08:30, 21:00. Not sent on a day the habit is already done."
        value={draft.reminders}
        onChange={(e) => set({ reminders: e.target.value })}
        error={errors.reminders}
      />
      {draft.reminders.trim() ? (
        <ChannelsInput
          label="Remind me by"
          options={[...reminderChannels]}
          labels={reminderChannelLabels}
          value={draft.channels}
          onChange={(channels) => set({ channels })}
          error={errors.channels ? [errors.channels] : undefined}
        />
      ) : null}
      <TextField label="Colour" type="color" value={draft.color} onChange={(e) => set({ color: e.target.value })} />
      {failure ? (
        <p role="alert" className="lb-field__error">
          {failure}
        </p>
      ) : null}
      <div className="lb-row">
        <Button type="submit" variant="primary" busy={busy}>
          {habit ? 'Save changes' : 'Create habit'}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </div>
    </form>
  );
}
