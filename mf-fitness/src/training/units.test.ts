import { beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { makeUser } from '@lifeboard/shared/models/test-user';
import { formatWeight, fromKg, toKg } from '@lifeboard/shared/models/training';
import { clearData } from '@lifeboard/shared/stores/data';
import { setUser } from '@lifeboard/shared/stores/session';
import { $incrementKg, $unit, saveTrainingSetting } from './units';

const api = withFakeApi();
beforeEach(() => {
  clearData();
  setUser(makeUser());
});

describe("the account's weight unit", () => {
  it('is kg with a 2.5 kg step until the account says otherwise', () => {
    expect($unit.get()).toBe('kg');
    expect($incrementKg.get()).toBe(2.5);
    setUser(makeUser({ weight_unit: 'lb', weight_increment_kg: 2.268 }));
    expect($unit.get()).toBe('lb');
    expect(formatWeight($incrementKg.get(), $unit.get())).toBe('5 lb');
  });

  it('saves a choice on the account and follows what the server answered', async () => {
    const sent: unknown[] = [];
    let stored = makeUser();
    api.on('POST /api/user/update', ({ body }) => {
      sent.push(body);
      stored = { ...stored, ...(body as object) };
      return { body: { success: true, user: stored } };
    });
    expect(await saveTrainingSetting({ unit: 'lb' })).toBe('');
    expect(await saveTrainingSetting({ incrementKg: toKg(5, 'lb') })).toBe('');
    expect(sent).toEqual([{ weight_unit: 'lb' }, { weight_increment_kg: 2.268 }]);
    expect($unit.get()).toBe('lb');
    // Stored in kg, shown back as the 5 lb typed.
    expect(fromKg($incrementKg.get(), 'lb')).toBe(5);
    // Another person signing in on this device does not inherit it.
    setUser(makeUser({ id: 8 }));
    expect($unit.get()).toBe('kg');
  });

  it('keeps the unit it had when the server refuses', async () => {
    api.on('POST /api/user/update', {
      status: 422,
      body: { message: 'The given data was invalid.', errors: { weight_unit: ['must be kg or lb'] } },
    });
    expect(await saveTrainingSetting({ unit: 'lb' })).toMatch(/^Not saved: /);
    expect($unit.get()).toBe('kg');
  });
});
