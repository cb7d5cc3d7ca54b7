import { askModel } from './client';
import type { ChoosableModel } from './providers';

/**
 * One draft asked of a model (the goal coach's goal, a creator's program): the answer as `read` makes it, or the one
 * sentence the page shows when it could not be had, naming `what` was asked for and what to do `instead`.
 */
export async function askForDraft<T>(
  model: ChoosableModel,
  prompt: string,
  maxTokens: number,
  read: (answer: string) => T | null,
  words: { what: string; instead: string },
) {
  const result = await askModel(model.connection, model.name, prompt, undefined, maxTokens);
  if (!result.ok)
    return {
      success: false as const,
      configured: true,
      error: `The AI model could not draft ${words.what}: ${result.message} ${words.instead}`,
    };
  const draft = read(result.answer);
  if (!draft)
    return {
      success: false as const,
      configured: true,
      error: `The AI model answered, but not with ${words.what} this page can read. ${words.instead}`,
    };
  return { success: true as const, draft, model: model.name };
}

/** The object in a model's answer (from its first `{` to its last `}`: models wrap it in prose or code fences), or null. */
export function jsonObjectIn(answer: string): Record<string, unknown> | null {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(answer.slice(start, end + 1)) as Record<string, unknown>;
  } catch {
    return null;
  }
}
