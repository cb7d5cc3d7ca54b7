import { describe, expect, it } from 'vitest';
import { describeReminders, describeSchedule, scheduleToStored } from './habit-schedule';

describe("a habit's schedule and reminders in words", () => {
  it('says the schedule as people do', () => {
    expect(describeSchedule({ frequency_num: 1, frequency_den: 1 })).toBe('Every day');
    expect(describeSchedule({ frequency_num: 3, frequency_den: 7 })).toBe('3 times a week');
    expect(describeSchedule({ ...scheduleToStored({ type: 'weekdays', days: [1, 3, 5] }) })).toBe(
      'On Mon, Wed and Fri',
    );
    expect(describeSchedule({ kind: 'at_least', target: 8, unit: 'glasses', frequency_den: 1 })).toBe(
      'At least 8 glasses per day',
    );
  });

  it('says when and how the reminders come, with the channels a habit that never chose gets', () => {
    expect(describeReminders({ reminder_times: [] })).toBeNull();
    expect(describeReminders({})).toBeNull();
    expect(describeReminders({ reminder_times: ['07:30', '21:00'], reminder_channels: ['email', 'sms'] })).toBe(
      'Reminds you at 07:30 and 21:00 by e-mail and text message.',
    );
    expect(describeReminders({ reminder_times: ['08:00'] })).toBe(
      'Reminds you at 08:00 by e-mail, the bell and push notification.',
    );
    expect(describeReminders({ reminder_times: ['08:00'], reminder_channels: [] })).toBe(
      'Reminder times 08:00, but no way to reach you is chosen.',
    );
  });
});
