import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { failure, isSuccessStatus, send } from '@lifeboard/shared/api/client';
import type { ApiResult } from '@lifeboard/shared/api/client';
import type { EditorHandle } from '@lifeboard/shared/editor/RichTextEditor';
import { lessonFileNames, MAX_LESSON_FILE_BYTES, MAX_LESSON_FILES } from '@lifeboard/shared/models/lesson-files';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Select, TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { fileSize } from '@lifeboard/shared/lib/file-size';
import '../implement/lesson.css';

// Quill and KaTeX load when a chapter's editor opens, never with the lists.
const RichTextEditor = lazy(() => import('@lifeboard/shared/editor/RichTextEditor'));

interface FileEntry {
  id: string;
  name: string;
  type: string;
  size: number;
}

/** A quiz question as the form edits it: choices one per line, the right one by its number. */
export interface QuestionDraft {
  question: string;
  choices: string;
  answer: string;
}

interface StoredQuestion {
  question: string;
  choices: string[];
  answer: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function draftsOf(quiz: unknown): QuestionDraft[] {
  if (!Array.isArray(quiz)) return [];
  return quiz.filter(isObject).map((q) => ({
    question: typeof q.question === 'string' ? q.question : '',
    choices: Array.isArray(q.choices) ? q.choices.filter((c) => typeof c === 'string').join('\n') : '',
    answer: typeof q.answer === 'number' ? String(q.answer) : '0',
  }));
}

const choiceLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The quiz to store, or the first problem in people's words (nothing is sent then). */
export function quizOf(drafts: readonly QuestionDraft[]): { quiz: StoredQuestion[] } | { problem: string } {
  const quiz: StoredQuestion[] = [];
  for (const [i, draft] of drafts.entries()) {
    const question = draft.question.trim();
    const choices = choiceLines(draft.choices);
    const answer = Number(draft.answer);
    if (!question) return { problem: `Question ${i + 1} has no text.` };
    if (choices.length < 2) return { problem: `Question ${i + 1} needs at least two choices, one per line.` };
    if (choices.length > 8) return { problem: `Question ${i + 1} has more than eight choices.` };
    if (!(answer >= 0 && answer < choices.length)) return { problem: `Pick the right answer of question ${i + 1}.` };
    quiz.push({ question, choices, answer });
  }
  return { quiz };
}

/** `POST /api/chapter/file`: one file attached to the chapter (its bytes decide its type). */
export async function attachFile(chapterId: number, file: File): Promise<ApiResult<null>> {
  const form = new FormData();
  form.append('chapter_id', String(chapterId));
  form.append('file', file, file.name);
  const { status, body } = await send({ method: 'POST', url: '/api/chapter/file', data: form });
  return isSuccessStatus(status) ? { ok: true, status, data: null } : failure(status, body);
}

async function removeFile(chapterId: number, fileId: string): Promise<ApiResult<null>> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/chapter/file/delete',
    data: { chapter_id: chapterId, file_id: fileId },
  });
  return isSuccessStatus(status) ? { ok: true, status, data: null } : failure(status, body);
}

function Outcome({ problem, done }: { problem: string | null; done: string | null }) {
  return (
    <>
      {problem ? (
        <p role="alert" className="lb-field__error">
          {problem}
        </p>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
    </>
  );
}

function LessonText({ chapter }: { chapter: AnyRecord }) {
  const editor = useRef<EditorHandle | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  async function save() {
    if (!editor.current) return;
    setBusy(true);
    const result = await getCollection('chapter').update(chapter.id, { body: editor.current.getHtml() });
    setBusy(false);
    setProblem(result.ok ? null : `The lesson was not saved: ${result.error.message}`);
    setDone(result.ok ? 'The lesson is saved.' : null);
    if (result.ok) setChanged(false);
  }
  return (
    <div className="lb-stack">
      <p className="lb-muted">
        Headings, lists, images, videos (YouTube or Vimeo) and formulas: the toolbar adds them, and buyers see the
        lesson as written here.
      </p>
      <Suspense fallback={<Skeleton lines={6} />}>
        <RichTextEditor
          label="Lesson text"
          initialHtml={typeof chapter.body === 'string' ? chapter.body : ''}
          onInput={() => {
            setChanged(true);
            setDone(null);
          }}
          onReady={(handle) => {
            editor.current = handle;
          }}
        />
      </Suspense>
      <div>
        <Button variant="primary" busy={busy} disabled={!changed} onClick={() => void save()}>
          Save the lesson
        </Button>
      </div>
      <Outcome problem={problem} done={done} />
    </div>
  );
}

function LessonFilesEditor({ chapter, onChange }: { chapter: AnyRecord; onChange: () => Promise<void> }) {
  const id = useId();
  const files: FileEntry[] = Array.isArray(chapter.files) ? (chapter.files as FileEntry[]) : [];
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const report = (outcome: { problem?: string; done?: string }) => {
    setBusy(null);
    setProblem(outcome.problem ?? null);
    setDone(outcome.done ?? null);
  };
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || busy) return;
    if (file.size === 0) return report({ problem: `“${file.name}” is empty.` });
    if (file.size > MAX_LESSON_FILE_BYTES)
      return report({
        problem: `“${file.name}” is over ${MAX_LESSON_FILE_BYTES / (1024 * 1024)} MB. Choose a smaller file.`,
      });
    setBusy('upload');
    const result = await attachFile(chapter.id, file);
    if (!result.ok) return report({ problem: `“${file.name}” was not attached: ${result.error.message}` });
    await onChange();
    report({ done: `“${file.name}” is attached.` });
  }
  async function remove(file: FileEntry) {
    setBusy(file.id);
    const result = await removeFile(chapter.id, file.id);
    if (!result.ok) return report({ problem: `“${file.name}” was not removed: ${result.error.message}` });
    await onChange();
    report({ done: `“${file.name}” is removed.` });
  }
  return (
    <div className="lb-stack">
      {files.length ? (
        <ul className="lb-stack lb-lesson-files-editor" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id}>
              <span>
                {file.name} <span className="lb-muted">({fileSize(file.size)})</span>
              </span>
              <Button
                size="small"
                variant="danger"
                busy={busy === file.id}
                disabled={busy !== null}
                aria-label={`Remove ${file.name}`}
                onClick={() => void remove(file)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="lb-muted">No files yet. Buyers download the files you attach from the lesson.</p>
      )}
      <p className="lb-muted" id={`${id}-help`}>
        {lessonFileNames}, at most {MAX_LESSON_FILE_BYTES / (1024 * 1024)} MB each and {MAX_LESSON_FILES} per lesson. An
        MP4 or WebM video plays in the lesson when it has no YouTube or Vimeo video.
      </p>
      <div>
        <label className="lb-button lb-button--secondary" aria-busy={busy === 'upload' || undefined}>
          {busy === 'upload' ? 'Attaching…' : 'Attach a file'}
          <input
            type="file"
            className="lb-visually-hidden"
            disabled={busy !== null || files.length >= MAX_LESSON_FILES}
            aria-describedby={`${id}-help`}
            onChange={(event) => void choose(event)}
          />
        </label>
      </div>
      <Outcome problem={problem} done={done} />
    </div>
  );
}

function QuizEditor({ chapter }: { chapter: AnyRecord }) {
  const [drafts, setDrafts] = useState<QuestionDraft[]>(() => draftsOf(chapter.quiz));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = (i: number, patch: Partial<QuestionDraft>) => {
    setDone(null);
    setDrafts((all) => all.map((d, at) => (at === i ? { ...d, ...patch } : d)));
  };
  async function save() {
    const checked = quizOf(drafts);
    if ('problem' in checked) {
      setProblem(`The quiz was not saved: ${checked.problem}`);
      return;
    }
    setBusy(true);
    const result = await getCollection('chapter').update(chapter.id, { quiz: checked.quiz });
    setBusy(false);
    setProblem(result.ok ? null : `The quiz was not saved: ${result.error.message}`);
    setDone(
      result.ok
        ? checked.quiz.length
          ? `The quiz is saved (${checked.quiz.length} question${checked.quiz.length === 1 ? '' : 's'}).`
          : 'The quiz is removed.'
        : null,
    );
  }
  return (
    <div className="lb-stack">
      <p className="lb-muted">
        Multiple choice: buyers pick one answer per question, then see their score and the right answers.
      </p>
      {drafts.map((draft, i) => {
        const choices = choiceLines(draft.choices);
        return (
          <fieldset key={i} className="lb-stack">
            <legend>Question {i + 1}</legend>
            <TextField
              label={`Question ${i + 1}`}
              value={draft.question}
              maxLength={500}
              onChange={(e) => change(i, { question: e.target.value })}
            />
            <TextArea
              label={`Choices of question ${i + 1}, one per line`}
              rows={4}
              value={draft.choices}
              onChange={(e) => change(i, { choices: e.target.value })}
            />
            <Select
              label={`Right answer of question ${i + 1}`}
              value={draft.answer}
              options={choices.map((choice, c) => ({ value: String(c), label: choice }))}
              placeholder={choices.length ? undefined : 'Type the choices first'}
              onChange={(e) => change(i, { answer: e.target.value })}
            />
            <div>
              <Button size="small" onClick={() => setDrafts((all) => all.filter((_, at) => at !== i))}>
                Remove question {i + 1}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="lb-row">
        <Button
          size="small"
          onClick={() => setDrafts((all) => [...all, { question: '', choices: '', answer: '0' }])}
          disabled={drafts.length >= 50}
        >
          Add a question
        </Button>
        <Button variant="primary" busy={busy} onClick={() => void save()}>
          Save the quiz
        </Button>
      </div>
      <Outcome problem={problem} done={done} />
    </div>
  );
}

/**
 * On a chapter's page (`/chapter/:id`): the lesson's text in the rich-text editor, its downloadable files and its
 * quiz. Each saves on its own, so the chapter's form above never flattens the lesson into plain text.
 */
export function LessonEditor({ chapterId }: { chapterId: number }) {
  const id = useId();
  const [chapter, setChapter] = useState<AnyRecord | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await getCollection('chapter').get(chapterId);
    if (result.ok) setChapter(result.data);
    else setProblem(result.error.message);
  }, [chapterId]);
  useEffect(() => {
    void load();
  }, [load]);
  if (problem && !chapter) return <ErrorPanel title="The lesson could not be loaded" message={problem} />;
  if (!chapter) return <Skeleton lines={6} />;
  return (
    <section className="lb-stack" aria-labelledby={`${id}-lesson`}>
      <h4 id={`${id}-lesson`}>Lesson</h4>
      <LessonText chapter={chapter} />
      <h4>Files</h4>
      <LessonFilesEditor chapter={chapter} onChange={load} />
      <h4>Quiz</h4>
      <QuizEditor chapter={chapter} />
    </section>
  );
}
