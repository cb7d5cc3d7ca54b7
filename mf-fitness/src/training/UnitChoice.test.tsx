import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { makeUser } from '@lifeboard/shared/models/test-user';
import { clearData } from '@lifeboard/shared/stores/data';
import { setUser } from '@lifeboard/shared/stores/session';
import { UnitChoice } from './UnitChoice';
import { $incrementKg } from './units';

configure({ asyncUtilTimeout: 5000 });

const api = withFakeApi();
beforeEach(() => {
  clearData();
  setUser(makeUser({ weight_unit: 'lb' }));
});
afterEach(cleanup);

describe('UnitChoice', () => {
  it("shows the step in the user's unit, refuses a step of 0 and saves 5 lb as kg", async () => {
    const sent: unknown[] = [];
    let stored = makeUser({ weight_unit: 'lb' });
    api.on('POST /api/user/update', ({ body }) => {
      sent.push(body);
      stored = { ...stored, ...(body as object) };
      return { body: { success: true, user: stored } };
    });
    const user = userEvent.setup();
    render(<UnitChoice withIncrement />);
    const step = screen.getByLabelText<HTMLInputElement>('Progression step (lb)');
    expect(step.value).toBe('5.51'); // the default 2.5 kg
    await user.clear(step);
    await user.type(step, '0');
    await user.click(screen.getByRole('button', { name: 'Save step' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The step is a weight above 0 and at most 110.23 lb.');
    expect(sent).toEqual([]);
    await user.clear(step);
    await user.type(step, '5');
    await user.click(screen.getByRole('button', { name: 'Save step' }));
    await waitFor(() => expect(sent).toEqual([{ weight_increment_kg: 2.268 }]));
    await waitFor(() => expect($incrementKg.get()).toBe(2.268));
    expect(screen.getByLabelText<HTMLInputElement>('Progression step (lb)').value).toBe('5');
  });
});
