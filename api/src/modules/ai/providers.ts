import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { aiModels, aiProviders, aiUsage, users } from '../../db/schema';
import { AppError } from '../../errors';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { CredentialBox } from '../calendar/credentials';
import type { AiConnection } from './client';

/** A model people may use, with where it is asked. */
export interface ChoosableModel {
  id: number;
  name: string;
  /** The provider's name as the admin gave it ("From the server's settings" for AI_*). */
  provider: string;
  providerId: number | null;
  connection: AiConnection;
  dailyLimit: number | null;
  /** Why it cannot be asked now (its key cannot be read), or null. */
  problem: string | null;
}

export const ENV_PROVIDER_NAME = "From the server's settings";

/** The box keys are sealed in; the context binds a sealed key to its provider's row. */
export const keyBox = (app: FastifyInstance) => new CredentialBox(app.env.CALENDAR_CREDENTIALS_KEY);
export const keyContext = (providerId: number) => `ai_provider:${providerId}`;

/**
 * Every model people may choose: the AI_* settings' (ids 1, 2, …) and the enabled models of the enabled providers
 * an admin set up (ids from 1001), in that order.
 */
export async function choosableModels(app: FastifyInstance): Promise<ChoosableModel[]> {
  const config = app.ai;
  const fromEnv: ChoosableModel[] = config.configured
    ? config.models.map((m) => ({
        id: m.id,
        name: m.name,
        provider: ENV_PROVIDER_NAME,
        providerId: null,
        connection: { baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs },
        dailyLimit: null,
        problem: null,
      }))
    : [];
  const rows = await app.db
    .select({ model: aiModels, provider: aiProviders })
    .from(aiModels)
    .innerJoin(aiProviders, eq(aiProviders.id, aiModels.providerId))
    .where(and(eq(aiModels.enabled, true), eq(aiProviders.enabled, true)))
    .orderBy(asc(aiProviders.id), asc(aiModels.position), asc(aiModels.id));
  const box = keyBox(app);
  const fromAdmin = rows.map(({ model, provider }): ChoosableModel => {
    let apiKey: string | null = null;
    let problem: string | null = null;
    if (provider.apiKey) {
      apiKey = box.configured ? box.open(provider.apiKey, keyContext(provider.id)) : null;
      if (apiKey === null)
        problem = box.configured
          ? "The provider's key cannot be read (the server's CALENDAR_CREDENTIALS_KEY changed): an admin types it again."
          : "The provider's key cannot be read: the server has no CALENDAR_CREDENTIALS_KEY.";
    }
    return {
      id: model.id,
      name: model.name,
      provider: provider.name,
      providerId: provider.id,
      connection: { baseUrl: provider.baseUrl, apiKey, timeoutMs: provider.timeoutMs },
      dailyLimit: provider.dailyLimit,
      problem,
    };
  });
  return [...fromEnv, ...fromAdmin];
}

/** The model this person chose (`ai_model`), or the first one when they chose none or it is gone; null when none. */
export async function modelFor(app: FastifyInstance, userId: number): Promise<ChoosableModel | null> {
  const models = await choosableModels(app);
  if (models.length === 0) return null;
  const [user] = await app.db.select({ aiModel: users.aiModel }).from(users).where(eq(users.id, userId)).limit(1);
  return models.find((m) => m.id === user?.aiModel) ?? models[0];
}

/** What a feature says when no provider is set up: plainly, and who can change it. */
export const NO_PROVIDER =
  'No AI provider is set up on this Lifeboard. An administrator adds one under Admin → AI models (any OpenAI-compatible server).';

/**
 * Counts one request of this person against the model's daily limit (a day in UTC). Refuses with 429 and words
 * when today's are used up; a model without a limit counts nothing.
 */
export async function takeDailyRequest(db: Db, userId: number, model: ChoosableModel): Promise<void> {
  if (model.dailyLimit === null) return;
  const day = new Date().toISOString().slice(0, 10);
  const [row] = await db
    .insert(aiUsage)
    .values({ userId, day, requests: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day],
      set: { requests: sql`${aiUsage.requests} + 1` },
      setWhere: sql`${aiUsage.requests} < ${model.dailyLimit}`,
    })
    .returning({ requests: aiUsage.requests });
  if (!row || row.requests > model.dailyLimit)
    throw new AppError(
      429,
      errorCodes.rateLimited,
      `You have used today's ${model.dailyLimit} AI requests for ${model.name}. More tomorrow (the day turns at midnight UTC).`,
    );
}
