import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDay, formatTimeAgo, ordinal } from './date-display';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [20, '20th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
  ])('%i → %s', (day, text) => {
    expect(ordinal(day)).toBe(text);
  });
});

describe('formatDisplayDate (spec §9)', () => {
  it("formats as 'Day, Mon 1st 2024 @ time' with a 12-hour clock", () => {
    expect(formatDisplayDate('2026-11-22T17:45:00Z', 'UTC')).toBe('Sun, Nov 22nd 2026 @ 5:45 PM');
  });

  it("shows April as 'Apl'", () => {
    expect(formatDisplayDate('2024-04-01T09:05:00Z', 'UTC')).toBe('Mon, Apl 1st 2024 @ 9:05 AM');
  });

  it('uses every month abbreviation', () => {
    const months = Array.from(
      { length: 12 },
      (_, m) => formatDisplayDate(new Date(Date.UTC(2025, m, 15, 12)), 'UTC').split(' ')[1],
    );
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apl', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('shows midnight as 12 AM and noon as 12 PM', () => {
    expect(formatDisplayDate('2024-03-03T00:00:00Z', 'UTC')).toBe('Sun, Mar 3rd 2024 @ 12:00 AM');
    expect(formatDisplayDate('2024-03-13T12:30:00Z', 'UTC')).toBe('Wed, Mar 13th 2024 @ 12:30 PM');
  });

  it('shows the day, date and time of the given IANA time zone', () => {
    // 02:30 UTC on the 1st is still the evening of the 31st in New York (EST, UTC-5).
    expect(formatDisplayDate('2025-01-01T02:30:00Z', 'America/New_York')).toBe('Tue, Dec 31st 2024 @ 9:30 PM');
    expect(formatDisplayDate('2025-01-01T02:30:00Z', 'Asia/Tokyo')).toBe('Wed, Jan 1st 2025 @ 11:30 AM');
  });

  it('accepts a Date and a timestamp', () => {
    const date = new Date('2024-02-22T23:59:00Z');
    expect(formatDisplayDate(date, 'UTC')).toBe('Thu, Feb 22nd 2024 @ 11:59 PM');
    expect(formatDisplayDate(date.getTime(), 'UTC')).toBe('Thu, Feb 22nd 2024 @ 11:59 PM');
  });

  it("without a zone, shows the browser's zone exactly as the same zone named does", () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const instants = [
      Date.UTC(2024, 3, 1, 0, 5),
      Date.UTC(2025, 11, 31, 12, 0),
      Date.UTC(2026, 10, 22, 17, 45),
      Date.UTC(2026, 1, 3, 23, 59),
      Date.UTC(2023, 6, 11, 9, 7),
    ];
    for (const at of instants)
      expect(formatDisplayDate(at), new Date(at).toISOString()).toBe(formatDisplayDate(at, browserZone));
  });

  it('gives an empty string for an invalid date or an unknown zone', () => {
    expect(formatDisplayDate('not a date', 'UTC')).toBe('');
    expect(formatDisplayDate('2024-01-01T00:00:00Z', 'Mars/Olympus')).toBe('');
  });
});

describe('formatDisplayDay', () => {
  it('names a calendar day as spec §9 does, without the time', () => {
    expect(formatDisplayDay('2026-11-22')).toBe('Sun, Nov 22nd 2026');
    expect(formatDisplayDay('2026-04-01')).toBe('Wed, Apl 1st 2026');
    expect(formatDisplayDay(new Date(2026, 10, 23, 23, 59))).toBe('Mon, Nov 23rd 2026');
    expect(formatDisplayDay('not a day')).toBe('');
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (ms: number) => formatTimeAgo(new Date(now.getTime() - ms), now);
  it('says how long ago in words, never a timestamp', () => {
    expect(ago(10_000)).toBe('just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(2 * 60_000)).toBe('2 minutes ago');
    expect(ago(3 * 3600_000)).toBe('3 hours ago');
    expect(ago(26 * 3600_000)).toBe('yesterday');
    expect(ago(4 * 86400_000)).toBe('4 days ago');
    expect(ago(30 * 86400_000)).toMatch(/^on \w{3}, Oct 2\dth 2026$/);
    expect(formatTimeAgo('not a date', now)).toBe('');
  });
});
