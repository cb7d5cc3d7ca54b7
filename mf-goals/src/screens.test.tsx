import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { HabitsPage, Planner, preloadFor } from './screens';

const api = withFakeApi();
afterEach(cleanup);

describe('preloadFor', () => {
  it("loads the visited screen's code, so its first render shows the screen, not a fallback", async () => {
    setBoard(1, 'Home');
    api.on('POST /api/habit/overview', { body: { success: true, habits: [], next_offset: null } });
    await preloadFor({ pathname: '/habits' });
    render(
      <MemoryRouter>
        <HabitsPage />
      </MemoryRouter>,
    );
    // At once: no Suspense fallback to wait behind.
    expect(screen.getByRole('heading', { name: 'Habits' })).toBeTruthy();
    expect(await screen.findByText('No habits yet')).toBeTruthy();
  }, 20_000);

  it('asks for the schema-driven pages on a list (they are not in the first download), and never rejects', async () => {
    await expect(preloadFor({ pathname: '/my-goals' })).resolves.toHaveLength(2);
    await expect(preloadFor({ pathname: '/nowhere/at/all' })).resolves.toHaveLength(2);
    expect(Planner.preload).toBeTypeOf('function');
  });
});
