import { persistentAtom, storageKeyPrefix } from '@lifeboard/shared/stores/persistent';
import { DEFAULT_INCREMENT_KG, type WeightUnit } from '@lifeboard/shared/models/training';

const isUnit = (value: unknown): value is WeightUnit => value === 'kg' || value === 'lb';
const isIncrement = (value: unknown): value is number => typeof value === 'number' && value > 0 && value <= 50;

/**
 * The unit this person lifts in and the step the progression adds (kg). Weights are stored in kg whatever is chosen;
 * the choice is kept on this device.
 */
export const $unit = persistentAtom<WeightUnit>(`${storageKeyPrefix}fitness-unit`, 'kg', isUnit);
export const $incrementKg = persistentAtom<number>(`${storageKeyPrefix}fitness-increment`, DEFAULT_INCREMENT_KG, isIncrement);
