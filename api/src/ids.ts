import { z } from 'zod';

/** Largest PostgreSQL `integer`: every id column is one, and a larger value fails in the database as a 500. */
export const MAX_DB_ID = 2_147_483_647;

/** A row id (user, board, record, session…) as clients send it: a positive integer the database can hold. */
export const dbId = z.number().int().positive().max(MAX_DB_ID, `must be at most ${MAX_DB_ID}`);
