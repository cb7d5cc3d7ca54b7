import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoInstant, rrule, title } from './fields';

export const reminder = defineModel({
  name: 'reminder', state: 'reminders', label: 'Reminder', plural: 'Reminders',
  fields: z.object({
    title: title(),
    remind_at: isoInstant.nullable(),
    repeat: rrule.nullable(),
    channels: z.array(z.enum(['email', 'sms', 'push'])).max(3),
    target_model: z.enum(['habit', 'goal', 'medicine', 'routine', 'ritual', 'event']).nullable(),
    target_id: idRef,
    last_sent_at: isoInstant.nullable(),
  }),
  required: ['title'], order: { kind: 'newest', field: 'created_at' },
  // Only e-mail is delivered today; the form says so beside the others rather than let them look like they work.
  optionLabels: {
    channels: {
      email: 'E-mail',
      sms: 'SMS (not available yet: no SMS provider is set up for Lifeboard)',
      push: 'Push notification (not available yet: push notifications are not built)',
    },
  },
  searchable: ['title'], richText: [], titleField: 'title',
  fieldWords: {
    remind_at: { label: 'When', help: 'The first time it reminds you.' },
    channels: { label: 'Remind me by' },
    target_model: { label: 'About' },
    repeat: { label: 'Repeat' },
  },
});
