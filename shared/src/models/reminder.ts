import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoInstant, rrule, title } from './fields';

/**
 * The channels a reminder can be delivered by; each one is delivered by api/src/modules/reminders/delivery.ts.
 * `sms` only where the server has an SMS provider (`GET /api/sms/config`): elsewhere it is neither offered nor accepted.
 */
export const reminderChannels = ['email', 'bell', 'push', 'sms'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];

/** How screens name the channels, on the reminder form and the habit form alike. */
export const reminderChannelLabels: Record<ReminderChannel, string> = {
  email: 'E-mail',
  bell: 'In Lifeboard (the bell at the top of every page)',
  push: 'Push notification (on the devices where you turned it on under Account › Devices)',
  sms: 'Text message',
};

export const reminder = defineModel({
  name: 'reminder',
  state: 'reminders',
  label: 'Reminder',
  plural: 'Reminders',
  fields: z.object({
    title: title(),
    remind_at: isoInstant.nullable(),
    repeat: rrule.nullable(),
    channels: z.array(z.enum(reminderChannels)).max(reminderChannels.length),
    target_model: z.enum(['habit', 'goal', 'medicine', 'routine', 'ritual', 'event']).nullable(),
    target_id: idRef,
    last_sent_at: isoInstant.nullable(),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  optionLabels: {
    channels: reminderChannelLabels,
  },
  searchable: ['title'],
  richText: [],
  titleField: 'title',
  fieldWords: {
    remind_at: { label: 'When', help: 'The first time it reminds you.' },
    // Text messages are offered only when the server has an SMS provider and the user a phone number (ChannelsInput).
    channels: { label: 'Remind me by', input: { kind: 'channels' } },
    target_model: { label: 'About' },
    repeat: { label: 'Repeat' },
  },
});
