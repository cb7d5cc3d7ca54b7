import { bigint, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { workout_sessionTable } from './model-tables';

/**
 * Each session's best numbers of each exercise it has a done set of (a set not marked `done: false`, with reps),
 * kept by a trigger on workout_session (migration 0021) on every insert and every change of the sets, owner or
 * board; the rows go with their session (ON DELETE CASCADE, also when a board or a user is deleted). An
 * exercise's records are then one indexed aggregate over a few hundred narrow rows instead of reading every
 * session's JSON (bench/README.md, Fitness). Numbers as `shared/models/training.ts` works them out, in exact
 * decimals: `best_e1rm` and `volume` to the cent, `max_weight` as stored.
 */
export const workoutSessionExercises = pgTable(
  'workout_session_exercise',
  {
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => workout_sessionTable.id, { onDelete: 'cascade' }),
    exerciseId: bigint('exercise_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    boardId: integer('board_id').notNull(),
    /** The heaviest weight of a done set, kg; null when every done set was without weight. */
    maxWeight: numeric('max_weight'),
    /** The best Epley estimate of a done set with weight, kg to the cent. */
    bestE1rm: numeric('best_e1rm'),
    maxReps: integer('max_reps').notNull(),
    /** Sum of weight × reps of the done sets, kg to the cent. */
    volume: numeric('volume').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.exerciseId] }),
    index('workout_session_exercise_owner_idx').on(t.userId, t.boardId, t.exerciseId),
  ],
);
