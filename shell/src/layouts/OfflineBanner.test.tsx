import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineUseKey, patchOffline } from '@lifeboard/shared/stores/offline';
import { cleanup } from '../pages/auth/test-helpers';
import { OfflineBanner } from './OfflineBanner';

afterEach(() => {
  cleanup();
  localStorage.clear();
  patchOffline({ online: true, showsKept: false, keptAt: null, pending: 0, unsent: [] });
});

describe('the offline banner (issue 31)', () => {
  it('says plainly when the network is gone, that kept data is shown, and what waits to be sent', () => {
    localStorage.setItem(offlineUseKey, 'on');
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => patchOffline({ online: false }));
    expect(screen.getByRole('status').textContent).toMatch(/^You're offline\. Screens you opened before show/);
    act(() => patchOffline({ showsKept: true, keptAt: new Date().toISOString(), pending: 2 }));
    expect(screen.getByRole('status').textContent).toBe(
      "You're offline. This screen shows what was kept just now. What you change is kept on this device and sent when you are back online. 2 changes waiting to be sent.",
    );
  });

  it('says that other screens need the network while offline use is off in this browser, and where to turn it on', () => {
    render(<OfflineBanner />);
    act(() => patchOffline({ online: false }));
    expect(screen.getByRole('status').textContent).toBe(
      "You're offline. Other screens need the network: offline use is off in this browser (turn it on under Devices). What you change is kept on this device and sent when you are back online.",
    );
  });

  it('says when the server cannot be reached and the screen shows what was kept, though the browser is online', () => {
    patchOffline({ online: true, showsKept: true, keptAt: null });
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toBe(
      'Lifeboard cannot reach the server. This screen shows what was kept.',
    );
  });

  it('lists the changes the API refused, with their text, until dismissed', async () => {
    patchOffline({
      unsent: [
        {
          seq: 4,
          label: 'Journal entry changes',
          text: 'Monday — Long walk by the sea',
          reason: 'This entry was changed on another device.',
          queuedAt: new Date().toISOString(),
        },
      ],
    });
    render(<OfflineBanner />);
    expect(await screen.findByRole('heading', { name: 'A change made offline could not be saved' })).toBeTruthy();
    expect(screen.getByText('Monday — Long walk by the sea')).toBeTruthy();
    expect(screen.getByText(/This entry was changed on another device\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });
});
