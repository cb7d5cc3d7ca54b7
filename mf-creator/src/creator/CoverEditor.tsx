import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { failure, isSuccessStatus, send } from '@lifeboard/shared/api/client';
import type { ApiResult } from '@lifeboard/shared/api/client';
import { ApiError } from '@lifeboard/shared/api/errors';
import { deleteUpload, uploadImage } from '@lifeboard/shared/api/uploads';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { coverTypeNames, coverTypes, MAX_IMAGE_BYTES } from '@lifeboard/shared/models/images';
import { ProgramCover } from '@lifeboard/shared/ui/ProgramCover';
import './cover-editor.css';

const notACover = `This file is not a ${coverTypeNames} image. Choose a photo or picture in one of those formats.`;
const tooLarge = `This image is over ${MAX_IMAGE_BYTES / (1024 * 1024)} MB. Choose a smaller one, or save it smaller first.`;

/** Why a chosen file cannot be a cover, before anything is sent; null when it may be. */
export function coverFileProblem(file: File): string | null {
  if (!coverTypes.includes(file.type)) return notACover;
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_IMAGE_BYTES) return tooLarge;
  return null;
}

/** `POST /api/program/cover`: the uploaded image becomes the program's cover, or none (null). */
export async function setProgramCover(programId: number, uploadId: string | null): Promise<ApiResult<null>> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/program/cover',
    data: { program_id: programId, upload_id: uploadId },
  });
  return isSuccessStatus(status) ? { ok: true, status, data: null } : failure(status, body);
}

/** The server's reason, in words about covers where its upload check names types a cover may not have. */
function uploadProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 415) return notACover;
  return error instanceof Error ? error.message : 'The upload failed.';
}

type Busy = { what: 'upload'; sent: number } | { what: 'remove' } | null;

/**
 * In the creator's program editor: the cover's preview, and choosing, replacing or removing it. Each is saved at
 * once (it is no field of the form, so the form's typed text is never touched); a refused file changes nothing.
 */
export function CoverEditor({ program }: { program: AnyRecord }) {
  const id = useId();
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const cover = typeof program.cover === 'string' ? program.cover : null;
  const title = typeof program.title === 'string' && program.title ? program.title : 'this program';

  function report(outcome: { problem?: string; done?: string }) {
    setBusy(null);
    setProblem(outcome.problem ?? null);
    setDone(outcome.done ?? null);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Emptied so choosing the same file again (after fixing it) is a change too.
    event.target.value = '';
    if (!file || busy) return;
    const refused = coverFileProblem(file);
    if (refused) return report({ problem: `“${file.name}” was not used: ${refused}` });
    setProblem(null);
    setDone(null);
    setBusy({ what: 'upload', sent: 0 });
    let uploaded: { id: string };
    try {
      uploaded = await uploadImage(file, file.name, { onProgress: (sent) => setBusy({ what: 'upload', sent }) });
    } catch (error) {
      return report({ problem: `“${file.name}” was not used: ${uploadProblem(error)}` });
    }
    const attached = await setProgramCover(program.id, uploaded.id);
    if (!attached.ok) {
      // Not the cover, so not kept: it would only take room in the creator's storage.
      void deleteUpload(uploaded.id);
      return report({ problem: `The cover was not changed: ${attached.error.message}` });
    }
    await getCollection('program').get(program.id);
    report({ done: cover ? 'The cover is replaced.' : 'The cover is added.' });
  }

  async function remove() {
    if (busy) return;
    setBusy({ what: 'remove' });
    const result = await setProgramCover(program.id, null);
    if (!result.ok) return report({ problem: `The cover was not removed: ${result.error.message}` });
    await getCollection('program').get(program.id);
    report({ done: 'The cover is removed.' });
  }

  return (
    <section className="lb-cover-editor lb-stack" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="lb-cover-editor__title">
        Cover image
      </h4>
      {cover ? (
        <ProgramCover
          cover={cover}
          title={title}
          alt={typeof program.cover_alt === 'string' ? program.cover_alt : null}
        />
      ) : (
        <p className="lb-muted">No cover yet. Buyers see the cover on the programs list and on the program's page.</p>
      )}
      <p className="lb-muted" id={`${id}-help`}>
        A {coverTypeNames} image of at most {MAX_IMAGE_BYTES / (1024 * 1024)} MB; a wide picture (16:9) fits best.
      </p>
      <div className="lb-row">
        <label
          className="lb-button lb-button--secondary lb-cover-editor__pick"
          aria-busy={busy?.what === 'upload' || undefined}
        >
          {busy?.what === 'upload'
            ? `Uploading… ${Math.round(busy.sent * 100)}%`
            : cover
              ? 'Replace the cover'
              : 'Upload a cover'}
          <input
            type="file"
            className="lb-visually-hidden"
            accept={coverTypes.join(',')}
            disabled={busy !== null}
            aria-describedby={`${id}-help`}
            onChange={(event) => void choose(event)}
          />
        </label>
        {cover ? (
          <Button
            variant="danger"
            busy={busy?.what === 'remove'}
            disabled={busy?.what === 'upload'}
            onClick={() => void remove()}
          >
            Remove the cover
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="lb-field__error">
          {problem}
        </p>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
    </section>
  );
}
