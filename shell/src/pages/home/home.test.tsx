import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setBoard, setOnboarded } from '@lifeboard/shared/stores/board';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { makeUser } from '../auth/test-helpers';
import type { AreaWidgets } from './area-widgets';
import Home from './Home';

afterEach(() => {
  cleanup();
  clearSession();
  setBoard(0, '');
  setOnboarded(false);
});

// 09:30 in London on Sunday 22 November 2026.
const morning = new Date('2026-11-22T09:30:00.000Z');

function TodayCount() {
  return <p>3 habits due</p>;
}

describe('Home', () => {
  it('greets the user in their time zone with the date display and the board name', async () => {
    setSession('t', makeUser({ name: 'Ada Lovelace', timezone: 'Europe/London' }));
    setBoard(11, 'Health');
    render(<MemoryRouter><Home now={morning} loadWidgets={() => Promise.resolve([])} /></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Good morning, Ada');
    expect(screen.getByText(/Sun, Nov 22nd 2026 @ 9:30 AM/)).toBeTruthy();
    expect(screen.getByText('Health')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Habits' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the remotes' widgets under their titles", async () => {
    setSession('t', makeUser());
    const widgets: AreaWidgets[] = [{ area: 'mf_goals', label: 'Goals', widgets: [{ id: 'due', title: 'Habits due today', Component: TodayCount }] }];
    render(<MemoryRouter><Home now={morning} loadWidgets={() => Promise.resolve(widgets)} /></MemoryRouter>);
    expect(await screen.findByRole('region', { name: 'Goals: Habits due today' })).toBeTruthy();
    expect(screen.getByText('3 habits due')).toBeTruthy();
  });

  it('keeps working when loading widgets fails, with the checklist linking what is left to do', async () => {
    setSession('t', makeUser({ tagline: 'Onwards' }));
    setOnboarded(true);
    setBoard(11, 'Default Board');
    render(<MemoryRouter><Home now={morning} loadWidgets={() => Promise.reject(new Error('down'))} /></MemoryRouter>);
    expect(await screen.findByRole('link', { name: 'Name your board' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Finish onboarding' })).toBeNull();
    expect(screen.getByText('Add a tagline').getAttribute('data-done')).toBe('true');
    await screen.findByRole('heading', { name: 'Go to' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
