import type { AnyModelDefinition } from '@lifeboard/shared/models';

/**
 * Which searches walk the term table (db/search-terms-schema.ts) instead of the GIN index.
 *
 * A GIN index answers "which records have this word" as a set: a page of 50 newest matches first gathers every
 * match on the board and sorts them, so a word in 1 % of 100,000 notes costs 100× the same search on 1,000
 * (measured: git log -p api/bench/README.md). The term table is keyed by owner, board, model, word and the model's sort key, so a
 * one-word search reads its page in order and stops; a search of several words walks the longest word's rows
 * (longer words are rarer) and checks the whole query on each record. Either way the full `@@` check runs on
 * every record returned, so both paths answer the same rows.
 */

/** Newest-first models with searchable fields keep term rows (the migration's triggers, checked by a test). */
export function keepsSearchTerms(def: AnyModelDefinition): boolean {
  return def.order.kind === 'newest' && def.searchable.length > 0;
}

/** Words, and nothing `websearch_to_tsquery` reads as an operator (quotes, `-word`, `or`). */
const plainWords = /^[\p{L}\p{N}]+(?:\s+[\p{L}\p{N}]+)*$/u;

/** A search the term table answers exactly: every word of it is required, so any one of them finds all matches. */
export function isPlainWordSearch(search: string): boolean {
  const words = search.trim();
  return plainWords.test(words) && !words.split(/\s+/).some((word) => word.toLowerCase() === 'or');
}

/**
 * Words the parser reads as one token, whose lexeme under 'simple' is the word in lower case: ASCII letters and
 * digits starting with a letter, or digits only. Not any mix: `8e6x0` is a number (`8e6`) and a word (`x0`).
 */
const asciiWord = /^(?:[A-Za-z][A-Za-z0-9]{0,99}|[0-9]{1,100})$/;

/**
 * How a plain-word search walks the term table. For words of ASCII letters and digits the lexemes are known
 * here (the test holds this to the database's parser), so the statement binds the walked word and, for one
 * word, checks nothing more; other words are turned into lexemes by the database (`driver` null).
 */
export function termPlan(search: string): { driver: string | null; single: boolean } {
  const words = search.trim().split(/\s+/);
  if (!words.every((word) => asciiWord.test(word))) return { driver: null, single: false };
  const lexemes = [...new Set(words.map((word) => word.toLowerCase()))];
  // The longest word is likely the rarest: the fewest rows to walk for a page of matches of every word.
  const driver = lexemes.reduce((longest, lexeme) => (lexeme.length > longest.length ? lexeme : longest));
  return { driver, single: lexemes.length === 1 };
}
