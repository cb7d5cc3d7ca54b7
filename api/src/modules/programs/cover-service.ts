import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { coverTypeNames, coverTypes, uploadIdPattern } from '@lifeboard/shared/models/images';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { AppError, forbidden, notFound } from '../../errors';
import { deleteUpload, findOwnUpload, transferUpload, uploadShownInRecords } from '../uploads/upload-records';

/**
 * Sets a program's cover to one of the caller's uploaded images, or removes it (`next` null): its creator or an
 * admin only. Answers the program as saved and the stored image the old cover leaves behind, if nothing else shows
 * it, for the caller to delete once this has committed.
 */
export async function setProgramCover(
  db: Db,
  caller: { userId: number; role: string },
  programId: number,
  next: string | null,
) {
  const { userId, role } = caller;
  const programs = modelTables.program;
  return db.transaction(async (tx) => {
    const [program] = await tx.select().from(programs).where(eq(programs.id, programId)).for('update');
    const mayChange = program && (program.userId === userId || role === 'admin');
    // Someone else's draft stays unknown, as everywhere; a listed program may be seen, not changed.
    if (!program || (!mayChange && program.data.status !== 'published')) throw notFound('No such program.');
    if (!mayChange) throw forbidden("Only the program's creator or an admin may change its cover.");
    if (next !== null) {
      const upload = uploadIdPattern.test(next) ? await findOwnUpload(tx, userId, next) : undefined;
      if (!upload) throw notFound('No such image of yours: upload the cover first.');
      if (!coverTypes.includes(upload.contentType))
        throw new AppError(415, errorCodes.coverType, `A cover must be a ${coverTypeNames} image.`);
      // One image, one cover: replacing a cover deletes its image, which must not take another program's with it.
      const [elsewhere] = await tx
        .select({ id: programs.id })
        .from(programs)
        .where(and(sql`${programs.data}->>'cover' = ${next}`, ne(programs.id, programId)))
        .limit(1);
      if (elsewhere)
        throw new AppError(
          409,
          errorCodes.conflict,
          'This image is already the cover of another program: upload it again for this one.',
        );
      if (program.userId !== userId) await transferUpload(tx, next, program.userId);
    }
    const previous = typeof program.data.cover === 'string' ? program.data.cover : null;
    const [updated] = await tx
      .update(programs)
      .set({
        data:
          next === null
            ? sql`${programs.data} - 'cover'`
            : sql`jsonb_set(${programs.data}, '{cover}', to_jsonb(${next}::text))`,
        updatedAt: new Date(),
      })
      .where(eq(programs.id, programId))
      .returning();
    // The replaced image goes with it, unless one of the creator's records still shows it.
    const replacedKey =
      previous && previous !== next && !(await uploadShownInRecords(tx, program.userId, previous))
        ? await deleteUpload(tx, previous)
        : undefined;
    return { row: updated, replacedKey };
  });
}
