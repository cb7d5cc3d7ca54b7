import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { $notifications, dismissAll, notify } from '../stores/notifications';
import { Button } from './Button';
import { ConfirmDialog } from './Dialog';
import { ActionProblem, ErrorPanel, NotLoaded } from './feedback';
import { TagInput, TextField } from './fields';
import { Notifications, lifetimeMs } from './Notifications';
import { ProgramInstalls } from './ProgramInstalls';
import { Table } from './Table';

afterEach(() => {
  cleanup();
  dismissAll();
  vi.useRealTimers();
});

function DialogHarness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete all</Button>
      <ConfirmDialog
        open={open}
        title="Delete everything?"
        danger
        confirmLabel="Delete"
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('UI kit', () => {
  it('a confirm dialog focuses Cancel, traps Tab, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DialogHarness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete all' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Delete everything?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('notifications live in a polite region; an action runs and dismisses', async () => {
    const user = userEvent.setup();
    const undo = vi.fn();
    render(<Notifications />);
    act(() => {
      notify({ kind: 'info', message: 'Book deleted.', action: { label: 'Undo', run: undo } });
    });
    expect(screen.getByText('Book deleted.').closest('[aria-live="polite"]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    expect($notifications.get()).toHaveLength(0);
    expect(lifetimeMs({ id: 1, kind: 'error', message: 'x' })).toBe(10_000);
    expect(lifetimeMs({ id: 1, kind: 'info', message: 'x' })).toBe(5000);
  });

  it('a toast closes by itself, and waits while the pointer is over it or focus is inside it', () => {
    vi.useFakeTimers();
    try {
      render(<Notifications />);
      act(() => {
        notify({ kind: 'success', message: 'Saved.' });
      });
      act(() => {
        vi.advanceTimersByTime(4_900);
      });
      expect(screen.getByRole('status').textContent).toContain('Saved.');
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(screen.queryByText('Saved.')).toBeNull();

      act(() => {
        notify({ kind: 'error', message: 'Could not save.' });
      });
      const toast = screen.getByRole('alert');
      act(() => {
        vi.advanceTimersByTime(3_000);
      });
      fireEvent.mouseEnter(toast);
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(screen.getByText('Could not save.')).toBeTruthy();
      fireEvent.mouseLeave(toast);
      // Keyboard users: focus on its button holds it too.
      act(() => {
        screen.getByRole('button', { name: 'Dismiss notification' }).focus();
      });
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(screen.getByText('Could not save.')).toBeTruthy();
      act(() => {
        screen.getByRole('button', { name: 'Dismiss notification' }).blur();
      });
      act(() => {
        vi.advanceTimersByTime(7_100);
      });
      expect(screen.queryByText('Could not save.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('fields link their label, hint and error; tags are added with Enter and removed by button', async () => {
    const user = userEvent.setup();
    function Tags() {
      const [tags, setTags] = useState<string[]>([]);
      return <TagInput label="Tags" value={tags} onChange={setTags} />;
    }
    render(
      <>
        <TextField label="Name" hint="As on your passport" error="Name is required" />
        <Tags />
      </>,
    );
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(
      name
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['As on your passport', 'Name is required']);
    await user.type(screen.getByLabelText('Tags'), 'calm{Enter}focus,');
    expect(screen.getByRole('button', { name: 'Remove calm' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove calm' }));
    expect(screen.queryByText('calm')).toBeNull();
    expect(screen.getByText('focus')).toBeTruthy();
  });

  it('an error panel shows its code and retries', async () => {
    const retry = vi.fn();
    render(<ErrorPanel message="The server could not be reached." code="LB-NETWORK" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Code: LB-NETWORK');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('a GET not yet ready shows skeleton lines, then why it failed or was not found, with a retry', async () => {
    const reload = vi.fn();
    const { container, rerender } = render(<NotLoaded load={{ state: 'loading', reload }} what="Your coupons" />);
    expect(container.querySelectorAll('.lb-skeleton')).toHaveLength(3);
    rerender(
      <NotLoaded load={{ state: 'failed', status: 0, message: 'No connection.', reload }} what="Your coupons" />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Your coupons could not be loaded: No connection.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledOnce();
    rerender(<NotLoaded load={{ state: 'missing', reload }} what="Your coupons" />);
    expect(screen.getByRole('alert').textContent).toContain('Your coupons could not be loaded: not found');
    rerender(<NotLoaded load={{ state: 'ready', data: [], reload }} what="Your coupons" />);
    expect(container.innerHTML).toBe('');
  });

  it('a table names its columns and draws a row per item, or what stands for no rows', () => {
    const row = (item: { id: number; name: string }) => (
      <tr key={item.id}>
        <td>{item.name}</td>
      </tr>
    );
    const { rerender } = render(
      <Table label="Coupons" columns={['Code']} rows={[{ id: 1, name: 'SPRING' }]} empty={<p>None</p>} row={row} />,
    );
    const table = screen.getByRole('table', { name: 'Coupons' });
    expect(screen.getByRole('columnheader', { name: 'Code' }).getAttribute('scope')).toBe('col');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'SPRING' })).toBeTruthy();
    rerender(<Table label="Coupons" columns={['Code']} rows={[]} empty={<p>None</p>} row={row} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('None')).toBeTruthy();
    rerender(<Table label="Coupons" columns={['Code']} rows={[]} row={row} />);
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeTruthy();
  });

  it("a program's installs list each kind it has under its heading, or what stands for none", () => {
    const { rerender } = render(
      <ProgramInstalls
        template={{
          goals: [{ title: 'Run 5 km' }],
          habits: [],
          routines: [{ title: 'Warm up' }, { title: 'Stretch' }],
        }}
        empty={<p>Guidance only.</p>}
      />,
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Goals', 'Routines']);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Run 5 km', 'Warm up', 'Stretch']);
    expect(screen.queryByText('Guidance only.')).toBeNull();
    rerender(<ProgramInstalls template={{}} empty={<p>Guidance only.</p>} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Guidance only.')).toBeTruthy();
  });

  it('an action problem is an alert beside its buttons, and nothing without a message', () => {
    const { container, rerender } = render(<ActionProblem message={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<ActionProblem message="The payout could not be marked paid." />);
    expect(screen.getByRole('alert').tagName).toBe('P');
    rerender(<ActionProblem message="The payout could not be marked paid." inline />);
    expect(screen.getByRole('alert').tagName).toBe('SPAN');
    expect(screen.getByRole('alert').textContent).toBe(' The payout could not be marked paid.');
  });
});
