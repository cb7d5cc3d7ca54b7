import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatWeight, fromKg, toKg } from '@lifeboard/shared/models/training';
import { Button } from '@lifeboard/shared/ui/Button';
import { NumberField, Select } from '@lifeboard/shared/ui/fields';
import { $incrementKg, $unit, saveTrainingSetting } from './units';

const unitOptions = [
  { value: 'kg', label: 'Kilograms (kg)' },
  { value: 'lb', label: 'Pounds (lb)' },
];

/** The account's weight unit (and, with `withIncrement`, the progression step), saved as they change. */
export function UnitChoice({ withIncrement = false }: { withIncrement?: boolean }) {
  const unit = useStore($unit);
  const incrementKg = useStore($incrementKg);
  const [step, setStep] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async (change: Parameters<typeof saveTrainingSetting>[0]) => {
    setBusy(true);
    const problem = await saveTrainingSetting(change);
    setBusy(false);
    setMessage(problem);
    return problem === '';
  };
  const saveStep = async () => {
    const value = Number(step);
    if (step === null) return;
    if (!Number.isFinite(value) || value <= 0 || toKg(value, unit) > 50) {
      setMessage(`The step is a weight above 0 and at most ${formatWeight(50, unit)}.`);
      return;
    }
    if (await save({ incrementKg: toKg(value, unit) })) setStep(null);
  };
  return (
    <div className="lb-row" data-testid="unit-choice">
      <Select
        label="Weights in"
        value={unit}
        options={unitOptions}
        disabled={busy}
        onChange={(e) => void save({ unit: e.target.value === 'lb' ? 'lb' : 'kg' })}
      />
      {withIncrement ? (
        <>
          <NumberField
            label={`Progression step (${unit})`}
            hint="Added to the weight next time, once every set reached its target."
            min={0}
            step="any"
            value={step ?? String(fromKg(incrementKg, unit))}
            onChange={(e) => setStep(e.target.value)}
          />
          {step !== null ? (
            <Button size="small" busy={busy} onClick={() => void saveStep()}>
              Save step
            </Button>
          ) : null}
        </>
      ) : null}
      {message ? (
        <p role="alert" className="lb-field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
