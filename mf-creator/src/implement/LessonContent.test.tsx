// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { LessonContent } from './LessonContent';
import type { Chapter } from './implement-api';

// KaTeX checks for quirks mode when it loads, and happy-dom reports every document as quirky.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

const api = withFakeApi();
afterEach(cleanup);

const chapter: Chapter = {
  id: 41,
  title: 'Warm up',
  body: '<h2>Before you run</h2><ol><li data-list="ordered">Walk five minutes</li></ol><img src="javascript:alert(1)">',
  completed: false,
  available_after_days: 0,
  opens_at: null,
  video_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  files: [
    {
      id: 'PlanUploadId0000000000',
      name: 'Week 1 plan.pdf',
      type: 'application/pdf',
      size: 2_400_000,
      url: '/api/uploads/PlanUploadId0000000000',
    },
  ],
  quiz: {
    questions: [
      { question: 'How long is the first walk?', choices: ['5 minutes', '20 minutes'] },
      { question: 'When do you rest?', choices: ['Never', 'Every other day'] },
    ],
    attempt: null,
  },
};

describe('a lesson in the course player', () => {
  it('shows the video, the formatted text (sanitized) and the files to download', () => {
    render(<LessonContent chapter={chapter} guid="couch-to-5k" isAuthor={false} />);
    const video = screen.getByTitle('Video: Warm up');
    expect(video.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(video.getAttribute('sandbox')).toContain('allow-scripts');
    const text = screen.getByRole('region', { name: 'Lesson text: Warm up' });
    expect(within(text).getByRole('heading', { name: 'Before you run' })).toBeTruthy();
    expect(within(text).getByText('Walk five minutes')).toBeTruthy();
    expect(text.innerHTML).not.toContain('javascript:');
    const link = screen.getByRole('link', { name: 'Week 1 plan.pdf' });
    expect(link.getAttribute('href')).toBe(`${api.url}/api/uploads/PlanUploadId0000000000?name=Week%201%20plan.pdf`);
    expect(screen.getByText('PDF, 2.3 MB')).toBeTruthy();
  });

  it('plays an attached video file when the lesson has no YouTube or Vimeo video', () => {
    const withFile: Chapter = {
      ...chapter,
      video_url: null,
      files: [
        {
          id: 'VideoUploadId000000000',
          name: 'form.mp4',
          type: 'video/mp4',
          size: 900_000,
          url: '/api/uploads/VideoUploadId000000000',
        },
      ],
    };
    const { container } = render(<LessonContent chapter={withFile} guid="couch-to-5k" isAuthor={false} />);
    expect(container.querySelector('video')?.getAttribute('src')).toBe(`${api.url}/api/uploads/VideoUploadId000000000`);
  });

  it('asks for every answer, sends them, and shows the score with the right answers', async () => {
    api.on('POST /api/program-implement/couch-to-5k/quiz', {
      body: {
        success: true,
        attempt: { answers: [1, 0], score: 1, total: 2, correct: [1, 1], answered_at: '2026-11-29T08:00:00.000Z' },
      },
    });
    const user = userEvent.setup();
    render(<LessonContent chapter={chapter} guid="couch-to-5k" isAuthor={false} />);
    const quiz = screen.getByRole('form', { name: 'Quiz' });
    await user.click(within(quiz).getByLabelText('20 minutes'));
    await user.click(within(quiz).getByRole('button', { name: 'Check my answers' }));
    expect(within(quiz).getByRole('alert').textContent).toBe('Answer every question first.');
    expect(api.requests.filter((r) => r.path.endsWith('/quiz'))).toEqual([]);

    await user.click(within(quiz).getByLabelText('Never'));
    await user.click(within(quiz).getByRole('button', { name: 'Check my answers' }));
    expect((await screen.findByRole('status')).textContent).toBe('You got 1 of 2 right.');
    expect(api.requests.find((r) => r.path.endsWith('/quiz'))?.body).toEqual({ chapter_id: 41, answers: [1, 0] });
    expect(within(quiz).getByText(/your answer, not right/)).toBeTruthy();
    expect(within(quiz).getAllByText(/the right answer/)).toHaveLength(2);
    await user.click(within(quiz).getByRole('button', { name: 'Try again' }));
    expect(within(quiz).getByRole('button', { name: 'Check my answers' })).toBeTruthy();
  });

  it('shows the author the questions without sending anything', () => {
    render(<LessonContent chapter={chapter} guid="couch-to-5k" isAuthor />);
    expect(screen.queryByRole('button', { name: 'Check my answers' })).toBeNull();
    expect(screen.getByText(/Buyers answer these questions here/)).toBeTruthy();
  });
});
