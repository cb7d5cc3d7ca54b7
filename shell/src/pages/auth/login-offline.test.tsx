import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Login from './Login';
import { cleanup, renderAt } from './test-helpers';

// The sign-in code (the auth actions, with axios) is fetched on first use; here the network is gone.
vi.mock('../../auth/session-actions', () => {
  throw new Error('Failed to fetch the chunk');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('Login when its code cannot be fetched', () => {
  it('says so, and keeps what was typed for the next try', async () => {
    renderAt(<Login />, '/login/:programGuid?', '/login');
    const email = screen.getByLabelText<HTMLInputElement>(/e-mail/i);
    const password = screen.getByLabelText<HTMLInputElement>(/password/i);
    fireEvent.focus(email);
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.change(password, { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Lifeboard could not be reached. Check your connection and try again.',
    );
    expect(email.value).toBe('ada@example.com');
    expect(password.value).toBe('correct horse battery');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /sign in/i }).disabled).toBe(false);
  });
});
