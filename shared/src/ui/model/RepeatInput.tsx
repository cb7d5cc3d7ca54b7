import { useState } from 'react';
import { describeRepeat, presetOf, ruleOf, weekdayCodes, weekdayNames, type RepeatPreset, type Weekday } from '../../lib/repeat';
import { CheckboxGroup, Select, TextField } from '../fields';

export interface RepeatInputProps {
  label: string;
  name: string;
  /** The stored rule ('' when it does not repeat). */
  value: string;
  error?: string[];
  onChange: (rule: string) => void;
  onBlur: () => void;
}

const kinds: { value: RepeatPreset['kind']; label: string }[] = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekdays', label: 'Every weekday (Monday to Friday)' },
  { value: 'weekly', label: 'Every week on…' },
  { value: 'monthly', label: 'Every month on day…' },
  { value: 'custom', label: 'Custom…' },
];

const units = [
  { value: 'DAILY', label: 'days' }, { value: 'WEEKLY', label: 'weeks' }, { value: 'MONTHLY', label: 'months' }, { value: 'YEARLY', label: 'years' },
];

/** Repeat presets for a reminder; the form stores the RRULE each stands for, and nobody types one. */
export function RepeatInput({ label, name, value, error, onChange, onBlur }: RepeatInputProps) {
  const [preset, setPreset] = useState<RepeatPreset>(() => presetOf(value));
  const set = (next: RepeatPreset) => {
    setPreset(next);
    onChange(ruleOf(next) ?? '');
  };
  const choose = (kind: string) => {
    switch (kind) {
      case 'weekly': return set({ kind: 'weekly', days: preset.kind === 'weekly' ? preset.days : ['MO'] });
      case 'monthly': return set({ kind: 'monthly', day: preset.kind === 'monthly' ? preset.day : new Date().getDate() });
      case 'custom': return set({ kind: 'custom', every: 2, unit: 'WEEKLY' });
      case 'daily': case 'weekdays': case 'none': return set({ kind });
      default: return undefined;
    }
  };
  const options = preset.kind === 'other' ? [{ value: 'other', label: describeRepeat(value) }, ...kinds] : kinds;
  return (
    <div className="lb-repeat">
      <Select label={label} name={name} error={error} value={preset.kind} options={options} onBlur={onBlur} onChange={(event) => choose(event.target.value)} />
      {preset.kind === 'weekly' ? (
        <CheckboxGroup
          label="On" value={preset.days}
          options={weekdayCodes.map((day) => ({ value: day, label: weekdayNames[day].slice(0, 3) }))}
          onChange={(days) => set({ kind: 'weekly', days: days as Weekday[] })}
        />
      ) : null}
      {preset.kind === 'monthly' ? (
        <TextField
          label="Day of the month" type="number" min={1} max={31} step={1} value={String(preset.day)} onBlur={onBlur}
          hint="Months without that day are skipped." onChange={(event) => set({ kind: 'monthly', day: Number(event.target.value) })}
        />
      ) : null}
      {preset.kind === 'custom' ? (
        <div className="lb-row">
          <TextField label="Every" type="number" min={1} max={365} step={1} value={String(preset.every)} onBlur={onBlur}
            onChange={(event) => set({ ...preset, every: Number(event.target.value) })} />
          <Select label="Unit" value={preset.unit} options={units} onBlur={onBlur}
            onChange={(event) => set({ ...preset, unit: event.target.value as typeof preset.unit })} />
        </div>
      ) : null}
      {preset.kind !== 'none' ? <p className="lb-field__hint">{describeRepeat(ruleOf(preset))}, at the same time of day, in your time zone.</p> : null}
    </div>
  );
}
