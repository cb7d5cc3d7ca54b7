import { useMemo } from 'react';

/** The browser's own zone, or UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function allZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // A zone the runtime does not list (e.g. 'UTC' on some engines) must still be selectable.
  return zones.includes(current) ? zones : [current, ...zones];
}

interface TimeZoneSelectProps {
  name: string;
  label: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
}

export function TimeZoneSelect({ name, label, value, onChange, error }: TimeZoneSelectProps) {
  const zones = useMemo(() => allZones(value), [value]);
  const id = `field-${name}`;
  return (
    <div className="lb-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="lb-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
