import { MAX_DB_ID } from '@lifeboard/shared/models/fields';
import { z } from 'zod';

/** Largest PostgreSQL `integer` (every id column is one): one constant with the shared models' ids. */
export { MAX_DB_ID };

/** A row id (user, board, record, session…) as clients send it: a positive integer the database can hold. */
export const dbId = z.number().int().positive().max(MAX_DB_ID, `must be at most ${MAX_DB_ID}`);
