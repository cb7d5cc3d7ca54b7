import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { progressOver } from '@lifeboard/shared/models/training';
import { ProgressPanel, progressSummary } from './ProgressPanel';

afterEach(cleanup);

const bench = 7;
const history = [
  {
    id: 3,
    title: '',
    started_at: '2026-11-20T12:00:00Z',
    sets: [
      { exercise_id: bench, reps: 5, weight: 62.5 },
      { exercise_id: bench, reps: 5, weight: 62.5 },
    ],
  },
  { id: 2, title: '', started_at: '2026-11-13T12:00:00Z', sets: [{ exercise_id: bench, reps: 8, weight: 60 }] },
];
const day = (iso: string) => iso.slice(0, 10);

describe('progressSummary', () => {
  const points = progressOver(history, bench, day);
  it("says the first and last value and the change in the user's unit, worked by hand", () => {
    expect(progressSummary(points, 'best_set', 'kg')).toBe('Best set over 2 training days: 60 kg to 62.5 kg (+2.5 kg)');
    // 60 × 38/30 = 76; 62.5 × 35/30 = 72.92
    expect(progressSummary(points, 'best_e1rm', 'kg')).toBe(
      'Estimated 1RM over 2 training days: 76 kg to 72.92 kg (−3.08 kg)',
    );
    // 480 kg, then 625 kg; in lb: 1058.22 and 1377.89, the change 145 kg = 319.67 lb
    expect(progressSummary(points, 'volume', 'lb')).toBe(
      'Volume over 2 training days: 1,058.22 lb to 1,377.89 lb (+319.67 lb)',
    );
    expect(progressSummary([], 'volume', 'kg')).toBe('Volume: nothing to draw yet');
  });
});

describe('ProgressPanel', () => {
  it('switches the metric it describes and names the last best set', async () => {
    const user = userEvent.setup();
    render(<ProgressPanel history={history} exerciseId={bench} unit="kg" />);
    expect(screen.getByText('Last time, best set: 62.5 kg × 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Best set' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Volume' }));
    expect(screen.getByRole('button', { name: 'Volume' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('[data-progress-summary]')?.textContent).toBe(
      'Volume over 2 training days: 480 kg to 625 kg (+145 kg)',
    );
  });
  it('asks for a second day before drawing', () => {
    render(<ProgressPanel history={history.slice(0, 1)} exerciseId={bench} unit="kg" />);
    expect(screen.getByText('One training day so far: the chart starts with the second.')).toBeTruthy();
  });
});
