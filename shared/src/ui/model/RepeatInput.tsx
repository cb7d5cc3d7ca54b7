import { useId } from 'react';
import { parseRepeat, repeatRule, type RepeatChoice, type RepeatPreset } from '../../lib/repeat-rule';
import { CheckboxGroup, Select, TextField } from '../fields';

const presets: { value: RepeatPreset; label: string }[] = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekdays', label: 'Every weekday (Mon–Fri)' },
  { value: 'weekly', label: 'Weekly on chosen days' },
  { value: 'monthly', label: 'Monthly on the same date' },
  { value: 'custom', label: 'Custom…' },
];
const dayOptions = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((label, i) => ({ value: String(i), label }));
const unitOptions = [
  { value: 'DAILY', label: 'days' },
  { value: 'WEEKLY', label: 'weeks' },
  { value: 'MONTHLY', label: 'months' },
  { value: 'YEARLY', label: 'years' },
];

export interface RepeatInputProps {
  label: string;
  hint?: string;
  error?: string[];
  /** The stored RRULE, or '' for none. */
  value: string;
  onChange: (rule: string) => void;
}

/** How often something repeats, picked from presets; it writes the RRULE so nobody has to type one. */
export function RepeatInput({ label, hint, error, value, onChange }: RepeatInputProps) {
  const id = useId();
  const choice = parseRepeat(value);
  const set = (change: Partial<RepeatChoice>) => onChange(repeatRule({ ...choice, ...change }) ?? '');
  const showDays = choice.preset === 'weekly' || (choice.preset === 'custom' && choice.unit === 'WEEKLY');
  return (
    <fieldset className="lb-fieldset" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="lb-field__label">
        {label}
      </legend>
      <Select
        label="How often"
        hint={hint}
        error={error}
        value={choice.preset}
        options={presets}
        onChange={(e) => set({ preset: e.target.value as RepeatPreset })}
      />
      {choice.preset === 'custom' ? (
        <div className="lb-row">
          <TextField
            label="Every"
            type="number"
            min={1}
            max={999}
            value={String(choice.interval)}
            onChange={(e) => set({ interval: Number(e.target.value) })}
          />
          <Select
            label="Unit"
            value={choice.unit}
            options={unitOptions}
            onChange={(e) => set({ unit: e.target.value as RepeatChoice['unit'] })}
          />
        </div>
      ) : null}
      {showDays ? (
        <CheckboxGroup
          label="On"
          options={dayOptions}
          value={choice.days.map(String)}
          onChange={(days) => set({ days: days.map(Number) })}
        />
      ) : null}
      {choice.preset !== 'none' ? (
        <TextField
          label="Until (optional)"
          type="date"
          value={choice.until}
          onChange={(e) => set({ until: e.target.value })}
        />
      ) : null}
    </fieldset>
  );
}
