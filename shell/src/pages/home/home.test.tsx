import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setBoard, setOnboarded } from '@lifeboard/shared/stores/board';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { makeUser } from '../auth/test-helpers';
import type { AreaWidgets } from './area-widgets';
import Home from './Home';
import type { WhenInView } from './Home';

afterEach(() => {
  cleanup();
  clearSession();
  setBoard(0, '');
  setOnboarded(false);
});

/** Every area's place counts as on screen at once (happy-dom has no layout to intersect). */
const onScreen: WhenInView = (_element, show) => {
  show();
  return () => undefined;
};
const none = (area: AreaWidgets['area']) => Promise.resolve<AreaWidgets>({ area, label: area, widgets: [] });

// 09:30 in London on Sunday 22 November 2026.
const morning = new Date('2026-11-22T09:30:00.000Z');

function TodayCount() {
  return <p>3 habits due</p>;
}

describe('Home', () => {
  it('greets the user in their time zone with the date display and the board name', async () => {
    setSession('t', makeUser({ name: 'Ada Lovelace', timezone: 'Europe/London' }));
    setBoard(11, 'Health');
    render(
      <MemoryRouter>
        <Home now={morning} loadWidgets={none} whenInView={onScreen} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Good morning, Ada');
    expect(screen.getByText(/Sun, Nov 22nd 2026 @ 9:30 AM/)).toBeTruthy();
    expect(screen.getByText('Health')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Habits' })).toBeTruthy();
    // No area has widgets here, so their places go away.
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  });

  it("loads an area's widgets only once its place comes near the screen", async () => {
    setSession('t', makeUser());
    const shown = new Map<Element, () => void>();
    const asked: string[] = [];
    render(
      <MemoryRouter>
        <Home
          now={morning}
          whenInView={(element, show) => {
            shown.set(element, show);
            return () => shown.delete(element);
          }}
          loadWidgets={(area) => {
            asked.push(area);
            return Promise.resolve({
              area,
              label: 'Goals',
              widgets: [{ id: 'due', title: 'Habits due today', Component: TodayCount }],
            });
          }}
        />
      </MemoryRouter>,
    );
    const goals = await screen.findByRole('region', { name: 'Goals' });
    expect(asked).toEqual([]);
    act(() => shown.get(goals)?.());
    expect(asked).toEqual(['mf_goals']);
    expect(await screen.findByRole('region', { name: 'Goals: Habits due today' })).toBeTruthy();
  });

  it("shows the remotes' widgets under their titles", async () => {
    setSession('t', makeUser());
    const widgets: AreaWidgets[] = [
      { area: 'mf_goals', label: 'Goals', widgets: [{ id: 'due', title: 'Habits due today', Component: TodayCount }] },
    ];
    render(
      <MemoryRouter>
        <Home
          now={morning}
          whenInView={onScreen}
          loadWidgets={(area) => Promise.resolve(widgets.find((entry) => entry.area === area) ?? none(area))}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('region', { name: 'Goals: Habits due today' })).toBeTruthy();
    expect(screen.getByText('3 habits due')).toBeTruthy();
  });

  it('keeps working when loading widgets fails, with the checklist linking what is left to do', async () => {
    setSession('t', makeUser({ tagline: 'Onwards' }));
    setOnboarded(true);
    setBoard(11, 'Default Board');
    render(
      <MemoryRouter>
        <Home
          now={morning}
          whenInView={onScreen}
          loadWidgets={(area) => Promise.resolve({ area, label: area, widgets: [], error: 'down' })}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Name your board' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Finish onboarding' })).toBeNull();
    expect(screen.getByText('Add a tagline').getAttribute('data-done')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Go to' })).toBeTruthy();
    expect((await screen.findAllByRole('button', { name: 'Retry' })).length).toBe(4);
  });

  it('hides the "Getting started" card once every step is done', async () => {
    setSession('t', makeUser({ tagline: 'Onwards', timezone: 'Europe/London' }));
    setOnboarded(true);
    setBoard(11, 'Health');
    render(
      <MemoryRouter>
        <Home now={morning} whenInView={onScreen} loadWidgets={none} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
  });

  it('shows a notice with Retry where the widgets of an area that is down would be, and Retry brings them', async () => {
    setSession('t', makeUser());
    const journal: AreaWidgets = {
      area: 'mf_journal',
      label: 'Journal',
      widgets: [{ id: 'mood', title: 'Mood today', Component: () => <p>Calm</p> }],
    };
    const goalsDown: AreaWidgets = { area: 'mf_goals', label: 'Goals', widgets: [], error: 'Failed to fetch' };
    const retried: string[] = [];
    const loadWidgets = async (area: AreaWidgets['area']): Promise<AreaWidgets> => {
      if (area === 'mf_journal') return journal;
      if (area !== 'mf_goals') return none(area);
      retried.push(area);
      return retried.length <= 2
        ? goalsDown
        : { area, label: 'Goals', widgets: [{ id: 'due', title: 'Habits due today', Component: TodayCount }] };
    };
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Home now={morning} loadWidgets={loadWidgets} whenInView={onScreen} />
      </MemoryRouter>,
    );

    const notice = await screen.findByRole('region', { name: 'Goals: unavailable' });
    expect(notice.textContent).toContain('Goals widgets could not be loaded right now.');
    expect(screen.getByText('Calm')).toBeTruthy(); // the other areas' widgets are there

    await user.click(screen.getByRole('button', { name: 'Retry' })); // still down: the notice stays
    expect(retried).toEqual(['mf_goals', 'mf_goals']);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('3 habits due')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retry' })); // back up
    expect(await screen.findByText('3 habits due')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Goals: unavailable' })).toBeNull();
    expect(screen.getByText('Calm')).toBeTruthy();
  });
});
