import { z } from './zod';
import { defineModel } from './define';
import { reminderChannelLabels, reminderChannels } from './reminder';
import { colour, idList, idRef, isoDate, isoInstant, longText, position, timeOfDay, title, weekdays } from './fields';

/** The spec's `{product}e`: a habit, counted as N times in D days (as Loop Habit Tracker does). */
export const habit = defineModel({
  name: 'habit',
  state: 'habits',
  label: 'Habit',
  plural: 'Habits',
  fields: z.object({
    title: title(),
    description: longText(5000),
    goal_id: idRef,
    value_ids: idList,
    kind: z.enum(['yes_no', 'at_least', 'at_most']),
    target: z.number().min(0).max(1_000_000).nullable(),
    unit: z.string().max(30).nullable(),
    frequency_num: z.number().int().min(1).max(365),
    frequency_den: z.number().int().min(1).max(365),
    weekdays,
    reminder_times: z.array(timeOfDay).max(10),
    reminder_channels: z.array(z.enum(reminderChannels)).max(reminderChannels.length),
    paused_ranges: z.array(z.object({ from: isoDate, to: isoDate.nullable() }).strict()).max(100),
    archived_at: isoInstant.nullable(),
    position,
    color: colour,
  }),
  required: ['title'],
  order: { kind: 'position' },
  searchable: ['title', 'description'],
  richText: [],
  titleField: 'title',
  fieldWords: {
    kind: { label: 'Type of habit' },
    target: { help: 'For a habit you measure: the amount to reach (at least) or stay under (at most).' },
    frequency_num: { label: 'Times', help: 'How many times in the period below, e.g. 3 times in 7 days.' },
    frequency_den: { label: 'In how many days', help: '1 for every day, 7 for a week, 30 for a month.' },
    weekdays: { label: 'On these days' },
    reminder_times: { label: 'Reminder times', help: 'Times of day as HH:MM, e.g. 08:30.' },
    // The reminder form's words and rules: text messages only where the server and the account can (ChannelsInput).
    reminder_channels: { label: 'Remind me by', input: { kind: 'channels' } },
    archived_at: { input: { kind: 'managed' } },
    value_ids: { label: 'Values it serves' },
  },
  optionLabels: {
    kind: { yes_no: 'Done or not', at_least: 'At least an amount', at_most: 'At most an amount' },
    reminder_channels: reminderChannelLabels,
  },
});

export { defaultHabitChannels } from './habit-schedule';

/** A check-in of a habit on a day. */
export const habitEntryInput = z
  .object({
    habit_id: z.number().int().positive(),
    date: isoDate,
    value: z.union([z.literal('yes'), z.literal('skip'), z.number().min(0).max(1_000_000)]),
    note: z.string().max(2000).optional(),
  })
  .strict();
