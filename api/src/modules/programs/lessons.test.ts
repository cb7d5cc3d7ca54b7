import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyProgram, createTestApp, publishProgram, signUp, type TestUser } from '../../../test/helpers';
import { TestProvider } from '../payments/providers';
import { filePart, multipart } from '../uploads/test-multipart';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ payments: new TestProvider('test-provider-secret-for-tests', 'http://localhost:3000') });
});
afterAll(() => app.close());

const quiz = [
  { question: 'How long is the first walk?', choices: ['5 minutes', '20 minutes', 'An hour'], answer: 1 },
  { question: 'When do you rest?', choices: ['Never', 'Every other day'], answer: 1 },
];
const body =
  '<h2>Warm up</h2><ol><li data-list="ordered">Walk</li></ol><p><span class="ql-formula" data-value="e=mc^2"></span></p>' +
  '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
  '<iframe src="https://evil.example/x"></iframe>';

async function lessonProgram(creator: TestUser) {
  const program = await publishProgram(app, creator, { title: 'Couch to 5k', price_cents: 1500, currency: 'USD' });
  const created = await creator.post('/api/chapter/create', {
    board: creator.boardId,
    params: {
      program_id: program.id,
      position: 1,
      title: 'Lesson 1',
      body,
      video_url: 'https://youtu.be/dQw4w9WgXcQ',
      quiz,
    },
  });
  expect(created.statusCode).toBe(201);
  return { program, chapter: created.json().chapter as { id: number } };
}

function attach(user: TestUser, chapterId: number | string, bytes: Buffer, name: string, type: string) {
  const { payload, headers } = multipart([
    { name: 'chapter_id', data: String(chapterId) },
    filePart(bytes, type, name),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/chapter/file',
    payload,
    headers: { ...headers, authorization: `Bearer ${user.token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
}

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

describe('a lesson: rich text, a video, files and a quiz', () => {
  it('keeps the editor’s formats, refuses a video address that is not YouTube or Vimeo', async () => {
    const creator = await signUp(app, { as_creator: true });
    const { chapter } = await lessonProgram(creator);
    const stored = (
      await creator.post('/api/chapter/get', { board: creator.boardId, params: { id: chapter.id } })
    ).json().chapter;
    expect(stored.body).toContain('<h2>Warm up</h2>');
    expect(stored.body).toContain('data-value="e=mc^2"');
    expect(stored.body).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(stored.body).not.toContain('evil.example');
    const refused = await creator.post('/api/chapter/update', {
      board: creator.boardId,
      params: {
        id: chapter.id,
        video_url: 'https://evil.example/watch?v=dQw4w9WgXcQ',
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.video_url[0]).toMatch(/YouTube or Vimeo/);
    const badQuiz = await creator.post('/api/chapter/update', {
      board: creator.boardId,
      params: {
        id: chapter.id,
        quiz: [{ question: 'Which?', choices: ['A', 'B'], answer: 2 }],
      },
    });
    expect(badQuiz.statusCode).toBe(422);
    // Files are attached only through their own call, which checks the bytes.
    const forged = await creator.post('/api/chapter/update', {
      board: creator.boardId,
      params: {
        id: chapter.id,
        files: [{ id: 'A'.repeat(22), name: 'x.pdf', type: 'application/pdf', size: 1 }],
      },
    });
    expect(
      (await creator.post('/api/chapter/get', { board: creator.boardId, params: { id: chapter.id } })).json().chapter
        .files ?? [],
    ).toEqual([]);
    expect(forged.statusCode).toBe(422);
  });

  it('attaches files checked by their bytes, only to the creator’s own chapter, and takes them off again', async () => {
    const [creator, other] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const { chapter } = await lessonProgram(creator);
    expect((await attach(other, chapter.id, pdf, 'plan.pdf', 'application/pdf')).statusCode).toBe(404);
    const script = await attach(
      creator,
      chapter.id,
      Buffer.from('MZ\x90\x00\x03binary'),
      'plan.pdf',
      'application/pdf',
    );
    expect(script.statusCode).toBe(415);
    expect(script.json().error).toMatch(/PDF, ZIP, MP4/);
    const added = await attach(creator, chapter.id, pdf, '../Week 1 plan.pdf', 'application/octet-stream');
    expect(added.statusCode).toBe(201);
    const [file] = added.json().chapter.files;
    expect(file).toMatchObject({ name: 'Week 1 plan.pdf', type: 'application/pdf', size: pdf.length });

    const download = await app.inject({ method: 'GET', url: `/api/uploads/${file.id}?name=Week%201%20plan.pdf` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Week 1 plan.pdf"; filename*=UTF-8''Week%201%20plan.pdf`,
    );
    expect(download.rawPayload.equals(pdf)).toBe(true);

    expect(
      (await other.post('/api/chapter/file/delete', { chapter_id: chapter.id, file_id: file.id })).statusCode,
    ).toBe(404);
    const removed = await creator.post('/api/chapter/file/delete', { chapter_id: chapter.id, file_id: file.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().chapter.files).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/uploads/${file.id}` })).statusCode).toBe(404);
  });

  it('shows the buyer the video, files and quiz (without its answers) once paid, and scores the answers', async () => {
    const [creator, buyer, stranger] = await Promise.all([signUp(app, { as_creator: true }), signUp(app), signUp(app)]);
    const { program, chapter } = await lessonProgram(creator);
    expect((await attach(creator, chapter.id, pdf, 'plan.pdf', 'application/pdf')).statusCode).toBe(201);

    const before = (await stranger.get(`/api/program-implement/${program.guid}`)).json().chapters[0];
    expect(before).toMatchObject({ body: null, video_url: null, files: [], quiz: null });
    expect(
      (await stranger.post(`/api/program-implement/${program.guid}/quiz`, { chapter_id: chapter.id, answers: [1, 1] }))
        .statusCode,
    ).toBe(404);

    await buyProgram(app, buyer, program.guid);
    const lesson = (await buyer.get(`/api/program-implement/${program.guid}`)).json().chapters[0];
    expect(lesson.video_url).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(lesson.files).toEqual([expect.objectContaining({ name: 'plan.pdf', type: 'application/pdf' })]);
    expect(lesson.files[0].url).toBe(`/api/uploads/${lesson.files[0].id}`);
    expect(lesson.quiz).toEqual({
      questions: quiz.map(({ question, choices }) => ({ question, choices })),
      attempt: null,
    });
    expect(JSON.stringify(lesson.quiz)).not.toContain('answer"');

    const answered = await buyer.post(`/api/program-implement/${program.guid}/quiz`, {
      chapter_id: chapter.id,
      answers: [1, 0],
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().attempt).toMatchObject({ answers: [1, 0], score: 1, total: 2, correct: [1, 1] });
    // Answering again replaces the answers; a choice that is not one of the question's counts as none.
    const again = await buyer.post(`/api/program-implement/${program.guid}/quiz`, {
      chapter_id: chapter.id,
      answers: [1, 5],
    });
    expect(again.json().attempt).toMatchObject({ answers: [1, null], score: 1, total: 2 });
    const shown = (await buyer.get(`/api/program-implement/${program.guid}`)).json().chapters[0].quiz.attempt;
    expect(shown).toMatchObject({ answers: [1, null], score: 1, total: 2, correct: [1, 1] });
    // Completion keeps working beside the quiz.
    expect(
      (await buyer.post(`/api/program-implement/${program.guid}/chapter`, { chapter_id: chapter.id, completed: true }))
        .statusCode,
    ).toBe(200);
    expect((await buyer.get(`/api/program-implement/${program.guid}`)).json().lessons.completed).toBe(1);
  });
});
