import { z } from './zod';
import { defineModel } from './define';
import { position, richText, shortText, title } from './fields';
import { uploadIdPattern } from './images';
import { MAX_LESSON_FILES } from './lesson-files';
import { videoEmbedSrc } from '../rich-text/policy';

/** A file attached to a lesson: an upload of the chapter's creator, attached by `POST /api/chapter/file`. */
export const lessonFile = z
  .object({
    id: z.string().regex(uploadIdPattern, 'must be the id of an uploaded file'),
    name: shortText(200).min(1, 'is required'),
    type: z.string().max(100),
    size: z
      .number()
      .int()
      .min(0)
      .max(1024 ** 3),
  })
  .strict();

/** One multiple-choice question of a lesson's quiz; `answer` is the index of the right choice. */
export const quizQuestion = z
  .object({
    question: title(500),
    choices: z.array(title(300)).min(2, 'needs at least two choices').max(8, 'may have at most eight choices'),
    answer: z.number().int().min(0).max(7),
  })
  .strict()
  .refine((q) => q.answer < q.choices.length, {
    message: 'the right answer must be one of the choices',
    path: ['answer'],
  });

export const chapter = defineModel({
  name: 'chapter',
  state: 'chapters',
  label: 'Chapter',
  plural: 'Chapters',
  fields: z.object({
    program_id: z.number().int().positive().nullable(),
    position,
    title: title(),
    body: richText,
    available_after_days: z.number().int().min(0).max(3650),
    video_url: z
      .string()
      .max(2000)
      .refine((value) => videoEmbedSrc(value) !== null, 'must be a YouTube or Vimeo address (https)')
      .nullable(),
    files: z.array(lessonFile).max(MAX_LESSON_FILES),
    quiz: z.array(quizQuestion).max(50, 'may have at most 50 questions'),
  }),
  required: ['title'],
  order: { kind: 'position' },
  searchable: ['title', 'body'],
  richText: ['body'],
  titleField: 'title',
  fieldWords: {
    available_after_days: {
      label: 'Opens after (days)',
      help: 'Days after a buyer starts the program before this chapter opens. 0 opens it at once.',
    },
    // Plain paragraphs to start with; then the lesson editor (headers, lists, images, video, formulas) edits it,
    // so the edit form never flattens what the editor wrote.
    body: {
      help: 'Plain paragraphs to start with. Once the chapter is added, open it to write the lesson with headings, lists, images, video and formulas.',
      createOnly: true,
    },
    video_url: {
      label: 'Video',
      help: 'A YouTube or Vimeo address, shown above the lesson. To show a video file instead, attach it to the lesson.',
      input: { kind: 'url' },
    },
    files: { label: 'Files', input: { kind: 'managed' } },
    quiz: { label: 'Quiz', input: { kind: 'managed' } },
  },
  // Files are uploads the server checked (their bytes, their uploader): attached only by `POST /api/chapter/file`.
  serverOwned: ['files'],
});
