import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { preloadFor, SleepScreen } from './screens';

const api = withFakeApi();
afterEach(cleanup);

describe('preloadFor', () => {
  it("loads the visited screen's code, so its first render shows the screen, not a fallback", async () => {
    setBoard(1, 'Home');
    await preloadFor({ pathname: '/sleep' });
    render(
      <MemoryRouter>
        <SleepScreen />
      </MemoryRouter>,
    );
    // At once: no Suspense fallback to wait behind.
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
    // Its data requests are answered before the test's server closes.
    await waitFor(() => expect(api.requests.length).toBeGreaterThan(0));
    await new Promise((resolve) => {
      setTimeout(resolve, 200);
    });
  }, 20_000);

  it("asks for nothing on a list of the area's first download, and never rejects", async () => {
    await expect(preloadFor({ pathname: '/exercises' })).resolves.toBeUndefined();
    await expect(preloadFor({ pathname: '/nowhere' })).resolves.toBeUndefined();
  });
});
