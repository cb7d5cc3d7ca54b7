import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RepeatInput } from './RepeatInput';

describe('RepeatInput', () => {
  afterEach(cleanup);

  it('offers presets and stores the rule each stands for', () => {
    const onChange = vi.fn();
    render(<RepeatInput label="Repeat" name="repeat" value="" onChange={onChange} onBlur={() => undefined} />);
    const select = screen.getByLabelText('Repeat') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([
      'Does not repeat', 'Every day', 'Every weekday (Monday to Friday)', 'Every week on…', 'Every month on day…', 'Custom…',
    ]);
    fireEvent.change(select, { target: { value: 'weekdays' } });
    expect(onChange).toHaveBeenLastCalledWith('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    fireEvent.change(select, { target: { value: 'weekly' } });
    expect(onChange).toHaveBeenLastCalledWith('FREQ=WEEKLY;BYDAY=MO');
    fireEvent.click(screen.getByLabelText('Thu'));
    expect(onChange).toHaveBeenLastCalledWith('FREQ=WEEKLY;BYDAY=MO,TH');
    expect(screen.getByText('Every week on Monday and Thursday, at the same time of day, in your time zone.')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'none' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows a stored rule as its preset', () => {
    render(<RepeatInput label="Repeat" name="repeat" value="FREQ=MONTHLY;BYMONTHDAY=15" onChange={() => undefined} onBlur={() => undefined} />);
    expect((screen.getByLabelText('Repeat') as HTMLSelectElement).value).toBe('monthly');
    expect((screen.getByLabelText(/day of the month/i) as HTMLInputElement).value).toBe('15');
  });
});
