import { Button } from '@lifeboard/shared/ui/Button';

/** One choice of a few, as a row of pressed/unpressed buttons: what a chart shows, over which period. */
export function ChoiceButtons<K extends string>({
  label,
  labels,
  value,
  onChange,
}: {
  /** The group's name for a screen reader. */
  label: string;
  /** Each choice's words, in the order shown. */
  labels: Record<K, string>;
  value: K;
  onChange: (choice: K) => void;
}) {
  return (
    <div role="group" aria-label={label} className="lb-row">
      {(Object.keys(labels) as K[]).map((key) => (
        <Button
          key={key}
          size="small"
          variant={key === value ? 'primary' : 'ghost'}
          aria-pressed={key === value}
          onClick={() => onChange(key)}
        >
          {labels[key]}
        </Button>
      ))}
    </div>
  );
}
