import { atom, computed } from 'nanostores';
import { updateUser } from '@lifeboard/shared/api/account';
import { DEFAULT_INCREMENT_KG, type WeightUnit } from '@lifeboard/shared/models/training';
import { registerClearable } from '@lifeboard/shared/stores/data';
import { $session } from '@lifeboard/shared/stores/session';

/**
 * What this area saved for the signed-in user since the shell last read the account: the shell alone writes
 * `$session`, and it reads the saved choice on its next start (`GET /api/user`).
 */
const $saved = atom<{ userId: number; unit?: WeightUnit; incrementKg?: number } | null>(null);
registerClearable(() => $saved.set(null));

const savedFor = (userId: number | undefined) => {
  const saved = $saved.get();
  return saved && saved.userId === userId ? saved : null;
};

/** The unit this person lifts in (their account's choice). Weights are stored in kg whatever it is. */
export const $unit = computed(
  [$session, $saved],
  (session): WeightUnit => savedFor(session.user?.id)?.unit ?? session.user?.weight_unit ?? 'kg',
);
/** The step the progression adds, kg (their account's choice). */
export const $incrementKg = computed(
  [$session, $saved],
  (session): number =>
    savedFor(session.user?.id)?.incrementKg ?? session.user?.weight_increment_kg ?? DEFAULT_INCREMENT_KG,
);

/** Saves a training setting on the account; resolves to an error message, or '' when saved. */
export async function saveTrainingSetting(change: { unit: WeightUnit } | { incrementKg: number }): Promise<string> {
  const userId = $session.get().user?.id;
  if (!userId) return 'Sign in to keep this setting.';
  const result =
    'unit' in change
      ? await updateUser('weight_unit', change.unit)
      : await updateUser('weight_increment_kg', change.incrementKg);
  if (!result.ok) return `Not saved: ${result.error.message}`;
  $saved.set({
    ...savedFor(userId),
    userId,
    unit: result.data.weight_unit,
    incrementKg: result.data.weight_increment_kg,
  });
  return '';
}
