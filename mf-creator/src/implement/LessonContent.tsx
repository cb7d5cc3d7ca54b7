import { useState } from 'react';
import { absoluteUploadUrl } from '@lifeboard/shared/api/uploads';
import { fileSize } from '@lifeboard/shared/lib/file-size';
import { RichTextView } from '@lifeboard/shared/editor/RichTextView';
import { playableVideoTypes } from '@lifeboard/shared/models/lesson-files';
import { videoSandbox } from '@lifeboard/shared/rich-text/policy';
import { Button } from '@lifeboard/shared/ui/Button';
import { ActionProblem } from '@lifeboard/shared/ui/feedback';
import { answerQuiz } from './implement-api';
import type { Chapter, LessonFile, LessonQuiz, QuizAttempt } from './implement-api';
import './lesson.css';

/** The file's kind in people's words, for the list of downloads. */
function kindOf(type: string): string {
  if (type === 'application/pdf') return 'PDF';
  if (type === 'application/zip') return 'ZIP archive';
  if (type.startsWith('video/')) return 'Video';
  if (type === 'audio/mpeg') return 'Audio (MP3)';
  if (type === 'text/plain') return 'Text';
  if (type.startsWith('image/')) return 'Image';
  return 'File';
}

function downloadUrl(file: LessonFile): string {
  return `${absoluteUploadUrl(file.url)}?name=${encodeURIComponent(file.name)}`;
}

/** The lesson's video: the creator's YouTube or Vimeo address (already through the policy), or an attached video file. */
function LessonVideo({ title, videoUrl, files }: { title: string; videoUrl: string | null; files: LessonFile[] }) {
  const videoFile = files.find((f) => playableVideoTypes.includes(f.type));
  if (videoUrl)
    return (
      <div className="lb-lesson-video">
        <iframe
          src={videoUrl}
          title={`Video: ${title}`}
          sandbox={videoSandbox}
          referrerPolicy="strict-origin-when-cross-origin"
          allow="fullscreen; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      </div>
    );
  if (videoFile)
    return (
      <video className="lb-lesson-video-file" controls preload="metadata" src={absoluteUploadUrl(videoFile.url)}>
        <a href={downloadUrl(videoFile)}>Download the video ({fileSize(videoFile.size)})</a>
      </video>
    );
  return null;
}

function LessonFiles({ files }: { files: LessonFile[] }) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="lesson-files" className="lb-stack">
      <h4 id="lesson-files">Files for this lesson</h4>
      <ul>
        {files.map((file) => (
          <li key={file.id}>
            <a href={downloadUrl(file)} rel="noopener" target="_blank">
              {file.name}
            </a>{' '}
            <span className="lb-muted">
              {kindOf(file.type)}, {fileSize(file.size)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A multiple-choice quiz: the buyer picks, sends, and sees the score with the right answers. */
export function LessonQuizForm({
  guid,
  chapterId,
  quiz,
  readOnly,
}: {
  guid: string;
  chapterId: number;
  quiz: LessonQuiz;
  /** The author's view: the questions, no sending. */
  readOnly: boolean;
}) {
  const [attempt, setAttempt] = useState<QuizAttempt | null>(quiz.attempt);
  const [picked, setPicked] = useState<(number | null)[]>(() =>
    quiz.questions.map((_, i) => quiz.attempt?.answers[i] ?? null),
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const showResult = attempt !== null && !retrying;

  async function submit() {
    if (picked.some((p) => p === null)) {
      setProblem('Answer every question first.');
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await answerQuiz(guid, chapterId, picked);
    setBusy(false);
    if ('problem' in result) setProblem(`Your answers were not sent: ${result.problem}`);
    else {
      setAttempt(result.attempt);
      setRetrying(false);
    }
  }

  return (
    <section aria-labelledby={`quiz-${chapterId}`} className="lb-stack lb-lesson-quiz">
      <h4 id={`quiz-${chapterId}`}>Quiz</h4>
      {showResult ? (
        <p role="status">
          <strong>
            You got {attempt.score} of {attempt.total} right.
          </strong>
        </p>
      ) : null}
      <form
        className="lb-stack"
        aria-label="Quiz"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {quiz.questions.map((q, i) => {
          const right = showResult ? attempt.correct[i] : undefined;
          const chosen = picked[i];
          return (
            <fieldset key={i} className="lb-stack" disabled={readOnly || showResult || busy}>
              <legend>
                {i + 1}. {q.question}
              </legend>
              {q.choices.map((choice, c) => (
                <label key={c} className="lb-row">
                  <input
                    type="radio"
                    name={`quiz-${chapterId}-${i}`}
                    value={c}
                    checked={chosen === c}
                    onChange={() => setPicked((all) => all.map((p, at) => (at === i ? c : p)))}
                  />
                  {choice}
                  {right === c ? <span className="lb-quiz-right"> — the right answer</span> : null}
                  {showResult && chosen === c && right !== c ? (
                    <span className="lb-quiz-wrong"> — your answer, not right</span>
                  ) : null}
                </label>
              ))}
            </fieldset>
          );
        })}
        <ActionProblem message={problem} />
        {readOnly ? (
          <p className="lb-muted">Buyers answer these questions here and see their score.</p>
        ) : showResult ? (
          <div>
            <Button size="small" onClick={() => setRetrying(true)}>
              Try again
            </Button>
          </div>
        ) : (
          <div>
            <Button type="submit" size="small" variant="primary" busy={busy}>
              Check my answers
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}

/** An open lesson as the course player shows it: its video, its text (the editor's formats), files and quiz. */
export function LessonContent({ chapter, guid, isAuthor }: { chapter: Chapter; guid: string; isAuthor: boolean }) {
  if (chapter.body === null) return null;
  return (
    <div className="lb-stack">
      <LessonVideo title={chapter.title} videoUrl={chapter.video_url} files={chapter.files} />
      {chapter.body ? <RichTextView html={chapter.body} label={`Lesson text: ${chapter.title}`} /> : null}
      <LessonFiles files={chapter.files} />
      {chapter.quiz ? (
        <LessonQuizForm key={chapter.id} guid={guid} chapterId={chapter.id} quiz={chapter.quiz} readOnly={isAuthor} />
      ) : null}
    </div>
  );
}
