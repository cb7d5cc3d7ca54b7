import { eq } from 'drizzle-orm';
import { invalid } from '../../errors';
import { users } from '../../db/schema';
import type { HookContext, ModelHooks, RecordData } from '../../models/model-hooks';

/**
 * A reminder by text message needs a server that can send one (an SMS provider) and an account that can receive
 * one (a phone number, texts switched on): otherwise it is refused, saying what is missing, and nothing is saved.
 */
async function checkChannels(ctx: HookContext, data: RecordData, field: string): Promise<void> {
  const channels = data[field];
  if (!Array.isArray(channels) || !channels.includes('sms')) return;
  if (!ctx.app.sms) {
    throw invalid(
      { [field]: ['cannot include text messages: this Lifeboard has no SMS provider set up'] },
      'Text messages are not available: this Lifeboard has no SMS provider set up.',
    );
  }
  const [user] = await ctx.app.db
    .select({ phone: users.phoneNumber, enabled: users.hasSmsEnabled })
    .from(users)
    .where(eq(users.id, ctx.userId))
    .limit(1);
  if (!user?.phone || !user.enabled) {
    throw invalid(
      {
        [field]: [
          'cannot include text messages until your account has a phone number and “Send me text messages” switched on (Account)',
        ],
      },
      'To get reminders by text message, add your phone number and switch on “Send me text messages” on your account page.',
    );
  }
}

/** The same rule for every model whose `field` holds reminder channels (a reminder's, a habit's). */
function channelHooks(field: string): ModelHooks {
  return {
    beforeCreate: async (ctx, data) => {
      await checkChannels(ctx, data, field);
      return data;
    },
    beforeUpdate: async (ctx, changes) => {
      await checkChannels(ctx, changes, field);
      return changes;
    },
  };
}

export const reminderHooks = channelHooks('channels');
export const habitReminderHooks = channelHooks('reminder_channels');
