import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { fetchSimpleModel, saveSimpleModel } from '@lifeboard/shared/api/simple-models';
import { $board } from '@lifeboard/shared/stores/board';
import { discardDraft, loadDraft, saveDraft } from '@lifeboard/shared/stores/drafts';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { TextArea } from '@lifeboard/shared/ui/fields';
import { PageHeader } from '@lifeboard/shared/ui/Panel';
import type { GuidedDocument } from './questions';

type Answers = Record<string, string>;

function answersFrom(data: Record<string, unknown> | null): Answers {
  const source =
    data && typeof data.responses === 'object' && data.responses !== null
      ? (data.responses as Record<string, unknown>)
      : (data ?? {});
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A guided one-document page: questions answered in free text, saved per board via /api/simple_model. */
export function GuidedPage({ doc }: { doc: GuidedDocument }) {
  const board = useStore($board);
  const draftKey = `guided:${doc.model}:${board.id}`;
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const dirty = useRef(false);

  useEffect(() => {
    let live = true;
    setAnswers(null);
    setError(null);
    if (!board.id) return undefined;
    void fetchSimpleModel(board.id, doc.model).then((result) => {
      if (!live) return;
      const draft = loadDraft<Answers>(draftKey);
      if (result.ok) setAnswers({ ...answersFrom(result.data), ...draft?.value });
      else if (draft) setAnswers(draft.value);
      else setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [board.id, doc.model, draftKey, attempt]);

  useEffect(() => {
    if (answers && dirty.current) saveDraft(draftKey, answers);
  }, [answers, draftKey]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!answers) return;
    setBusy(true);
    const result = await saveSimpleModel(board.id, doc.model, answers);
    setBusy(false);
    if (result.ok) {
      discardDraft(draftKey);
      dirty.current = false;
      notify({ kind: 'success', message: `${doc.title} saved.` });
    } else {
      notify({ kind: 'error', message: `${doc.title} was not saved: ${result.error.message}. Your answers are kept.` });
    }
  }

  return (
    <section className="lb-stack">
      <PageHeader title={doc.title} description={doc.intro} />
      {error ? (
        <ErrorPanel
          title={`Could not load your ${doc.title.toLowerCase()}`}
          message={error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : null}
      {!answers && !error ? <Skeleton lines={5} /> : null}
      {answers ? (
        <form className="lb-stack lb-model-form" onSubmit={(event) => void handleSubmit(event)} aria-label={doc.title}>
          {doc.questions.map((question) => (
            <TextArea
              key={question.id}
              label={question.text}
              hint={question.hint}
              maxLength={10_000}
              rows={3}
              value={answers[question.id] ?? ''}
              onChange={(e) => {
                dirty.current = true;
                setAnswers({ ...answers, [question.id]: e.target.value });
              }}
            />
          ))}
          <div className="lb-row">
            <Button type="submit" variant="primary" busy={busy}>
              Save answers
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
