import { judgePassword } from '@lifeboard/shared/lib/password-strength';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { invalid } from '../../errors';

/** `Algorithm.Argon2id`; the enum is a const enum, which isolated modules cannot read. */
const ARGON2ID: Algorithm = 2;

/** OWASP's floor for argon2id. Raising these makes every older hash be rehashed at its next sign-in. */
export const argonParams = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(
  password: string,
  params: { memoryCost: number; timeCost: number; parallelism: number } = argonParams,
): Promise<string> {
  return hash(password, { ...params, algorithm: ARGON2ID });
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

/** True when a stored hash is not argon2id or was made with weaker parameters than today's. */
export function needsRehash(encoded: string): boolean {
  const match = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(encoded);
  if (!match) return true;
  const [, version, m, t, p] = match.map(Number);
  return version < 19 || m < argonParams.memoryCost || t < argonParams.timeCost || p < argonParams.parallelism;
}

/**
 * Refuses a new password that is easy to guess (zxcvbn score below 3), as a 422 on `password` in plain words.
 * `userInputs` (name, e-mail) count as easy to guess inside the password.
 */
export function requireStrongPassword(password: string, userInputs: readonly string[]): void {
  const verdict = judgePassword(password, userInputs);
  // No final full stop: the summary message adds one, as for every field message.
  if (!verdict.strongEnough)
    throw invalid({
      password: [`is too easy to guess (${verdict.label.toLowerCase()}). ${verdict.advice.replace(/\.$/, '')}`],
    });
}
