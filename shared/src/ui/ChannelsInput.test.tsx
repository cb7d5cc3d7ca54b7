import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useState } from 'react';
import { withFakeApi } from '../lib/test-fake-api';
import { makeUser } from '../models/test-user';
import { clearSession, setSession } from '../stores/session';
import { modelFields } from './model/field-catalog';
import { ChannelsInput } from './ChannelsInput';

const api = withFakeApi();
afterEach(() => {
  cleanup();
  clearSession();
});

const spec = modelFields.reminder.find((field) => field.name === 'channels');
if (spec?.kind.type !== 'channels') throw new Error('the reminder has no channels field');
const { options, labels } = spec.kind;

function Form({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <MemoryRouter>
      <ChannelsInput label="Remind me by" options={options} labels={labels} value={value} onChange={setValue} />
      <output aria-label="chosen">{value.join(',')}</output>
    </MemoryRouter>
  );
}

const boxes = () =>
  screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '');
const serverSays = (configured: boolean) => api.on('GET /api/sms/config', { body: { success: true, configured } });

describe("ChannelsInput (a reminder's channels)", () => {
  it('does not mention text messages when the server has no SMS provider', async () => {
    serverSays(false);
    setSession('token', makeUser({ phone_number: '+447700900123', has_sms_enabled: true }));
    render(<Form />);
    // Nothing on screen changes with the answer: wait for it to be asked for and taken in.
    await expect.poll(() => api.requests.some((request) => request.path === '/api/sms/config')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(boxes()).toEqual([labels.email, labels.bell, labels.push]);
    expect(screen.queryByText(/text message/i)).toBeNull();
  });

  it('says what to set on the account page, and links there, when the account cannot get texts yet', async () => {
    serverSays(true);
    setSession('token', makeUser({ phone_number: null }));
    const { unmount } = render(<Form />);
    const link = await screen.findByRole('link', {
      name: 'add your phone number and switch on “Send me text messages” on your account page',
    });
    expect(link.getAttribute('href')).toBe('/account');
    expect(boxes()).not.toContain('Text message');
    unmount();

    setSession('token', makeUser({ phone_number: '+447700900123', has_sms_enabled: false }));
    render(<Form />);
    expect(
      (
        await screen.findByRole('link', { name: 'switch on “Send me text messages” on your account page' })
      ).getAttribute('href'),
    ).toBe('/account');
  });

  it("offers a text message to the account's number when the server and the account can", async () => {
    serverSays(true);
    setSession('token', makeUser({ phone_number: '+447700900123', has_sms_enabled: true }));
    const user = userEvent.setup();
    render(<Form initial={['email']} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Text message (to +447700900123)' }));
    expect(screen.getByLabelText('chosen').textContent).toBe('email,sms');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('keeps the box of a reminder that already texts, so it can be unticked', async () => {
    serverSays(true);
    setSession('token', makeUser({ phone_number: null }));
    const user = userEvent.setup();
    render(<Form initial={['sms']} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Text message' }));
    expect(screen.getByLabelText('chosen').textContent).toBe('');
  });
});
