import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoInstant, rrule, title } from './fields';

/** The channels a reminder can be delivered by; each one is delivered by api/src/modules/reminders/delivery.ts. */
export const reminderChannels = ['email', 'bell', 'push'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];

export const reminder = defineModel({
  name: 'reminder', state: 'reminders', label: 'Reminder', plural: 'Reminders',
  fields: z.object({
    title: title(),
    remind_at: isoInstant.nullable(),
    repeat: rrule.nullable(),
    channels: z.array(z.enum(reminderChannels)).max(3),
    target_model: z.enum(['habit', 'goal', 'medicine', 'routine', 'ritual', 'event']).nullable(),
    target_id: idRef,
    last_sent_at: isoInstant.nullable(),
  }),
  required: ['title'], order: { kind: 'newest', field: 'created_at' },
  optionLabels: {
    channels: {
      email: 'E-mail',
      bell: 'In Lifeboard (the bell at the top of every page)',
      push: 'Push notification (on the devices where you turned it on under Account › Devices)',
    },
  },
  searchable: ['title'], richText: [], titleField: 'title',
  fieldWords: {
    remind_at: { label: 'When', help: 'The first time it reminds you.' },
    // SMS is not offered: no text-message provider is set up, and a channel that sends nothing must not look like one.
    channels: { label: 'Remind me by', help: 'Text messages (SMS) are not available: Lifeboard has no SMS provider set up.' },
    target_model: { label: 'About' },
    repeat: { label: 'Repeat' },
  },
});
