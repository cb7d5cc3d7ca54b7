import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { cleanup, renderAt } from '../pages/auth/test-helpers';
import ForgotPassword from '../pages/auth/ForgotPassword';
import { TestModeRibbon } from './TestModeRibbon';

const api = withFakeApi();
afterEach(() => cleanup());

describe('what the site says about its setup (GET /api/site/config)', () => {
  it('shows the test-mode ribbon with test payments, and says mail is off where a screen promises mail', async () => {
    api.on('GET /api/site/config', { body: { success: true, payments: 'test', mail: false } });
    renderAt(
      <>
        <TestModeRibbon />
        <ForgotPassword />
      </>,
      '/forgot-password',
      '/forgot-password',
    );
    expect(await screen.findByText('Test mode: payments are not real')).toBeTruthy();
    expect((await screen.findByText(/This site does not send e-mail/)).textContent).toContain(
      'No reset link can be sent',
    );
    // Asked once for the page, however many parts of it want to know.
    expect(api.requests.filter((request) => request.path === '/api/site/config')).toHaveLength(1);
  });
});
