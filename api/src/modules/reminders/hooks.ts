import { eq } from 'drizzle-orm';
import { invalid } from '../../errors';
import { users } from '../../db/schema';
import type { HookContext, ModelHooks, RecordData } from '../../models/registry';

/**
 * A reminder by text message needs a server that can send one (an SMS provider) and an account that can receive
 * one (a phone number, texts switched on): otherwise it is refused, saying what is missing, and nothing is saved.
 */
async function checkChannels(ctx: HookContext, data: RecordData): Promise<void> {
  if (!Array.isArray(data.channels) || !data.channels.includes('sms')) return;
  if (!ctx.app.sms) {
    throw invalid(
      { channels: ['cannot include text messages: this Lifeboard has no SMS provider set up'] },
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
        channels: [
          'cannot include text messages until your account has a phone number and “Send me text messages” switched on (Account)',
        ],
      },
      'To get reminders by text message, add your phone number and switch on “Send me text messages” on your account page.',
    );
  }
}

export const reminderHooks: ModelHooks = {
  beforeCreate: async (ctx, data) => {
    await checkChannels(ctx, data);
    return data;
  },
  beforeUpdate: async (ctx, changes) => {
    await checkChannels(ctx, changes);
    return changes;
  },
};
