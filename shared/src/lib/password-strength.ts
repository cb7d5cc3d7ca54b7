import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * How strong a password is, estimated by zxcvbn-ts with its common-words dictionary (0 = guessed at once …
 * 4 = very hard). The API refuses a new password below MIN_PASSWORD_SCORE; the forms show the same verdict as
 * a meter. The dictionary weighs about 1 MB: browsers import this module only when a password field is used
 * (see `loadPasswordStrength`), never with a first page.
 */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordVerdict {
  score: PasswordScore;
  /** The score reaches MIN_PASSWORD_SCORE. */
  strongEnough: boolean;
  /** A word for the meter: "Very weak" … "Very strong". */
  label: string;
  /** What is wrong and what to do, in plain words; '' when strong enough. */
  advice: string;
}

const labels = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/** zxcvbn's warning keys in plain words (its own messages come only with a language pack). */
const warnings: Record<string, string> = {
  straightRow: 'A row of keys is easy to guess.',
  keyPattern: 'A keyboard pattern is easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated groups like "abcabc" are easy to guess.',
  sequences: 'Sequences like "abc" or "1234" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is one of the most used passwords.',
  topHundred: 'This is a very common password.',
  common: 'This is a common password.',
  similarToCommon: 'This is close to a common password.',
  wordByItself: 'A single word is easy to guess.',
  namesByThemselves: 'Names on their own are easy to guess.',
  commonNames: 'Common names are easy to guess.',
  userInputs: "It contains your name, your e-mail or the site's name.",
  pwned: 'This password has appeared in a data breach.',
};

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return factory;
}

/**
 * The verdict on `password`; `userInputs` are words the person's password should not lean on (their name, e-mail,
 * the site's name). Only the first 100 characters are weighed: beyond that every password is strong, and the
 * estimator's time grows with the length.
 */
export function judgePassword(password: string, userInputs: readonly string[] = []): PasswordVerdict {
  const inputs = [
    'lifeboard',
    ...userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3),
  ];
  const result = estimator().check(password.slice(0, 100), inputs);
  const score = result.score;
  const strongEnough = score >= MIN_PASSWORD_SCORE;
  const warning = result.feedback.warning ? warnings[result.feedback.warning] : undefined;
  const advice = strongEnough
    ? ''
    : `${warning ? `${warning} ` : ''}Add a few more words or characters that do not belong together.`;
  return { score, strongEnough, label: labels[score], advice };
}
