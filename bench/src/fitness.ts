/**
 * Issue 18's browser number: tap → paint while logging a set in a live session (`/workout-session/:id`).
 *
 * A session of 6 exercises × 4 planned sets is made through the API; the bench then ticks every set's "Done" as a
 * person would: a real mouse click through Chromium at the button, at a random moment of the display's frame (a
 * person's tap does not wait for a frame; Playwright's `click()` does, and lands just after one, the worst moment),
 * a few hundred milliseconds apart. In the page, a capturing `click` listener takes the event's `timeStamp`, waits
 * for the next frame with `requestAnimationFrame` and then a `MessageChannel` message, which runs right after that
 * frame is painted (the same probe as the journal's keystrokes, journal.ts): the difference is the time until the
 * ticked set and the rest timer were on screen, including the wait for the frame. Beside it, the tap's own work:
 * its script (the click to the end of React's synchronous render and the microtasks after it, read by a window
 * listener that runs after React's root) plus the rendering of the frame that shows it (its animation-frame
 * callback to the message after its paint), without the idle wait for the frame. The probe also checks that the
 * frame showed the set as done (the save is optimistic), and says so when it did not.
 */
import type { Browser } from 'playwright-core';
import { post, signUpBenchUser } from './journal-data';
import { percentile } from './journal';
import { describeTarget, ms, table } from './report';
import type { Target } from './report';
import type { Site } from './site';
import { newVisitor } from './visitor';

const exercisesPerSession = 6;
const setsPerExercise = 4;

interface FitnessWindow extends Window {
  benchTapToPaint?: number[];
  benchNotYetShown?: number;
  benchTapScript?: number[];
  benchTapWork?: number[];
}

export async function measureFitness(
  browser: Browser,
  site: Site,
  targets: Target[],
  log: (line: string) => void,
): Promise<void> {
  log('\n6. Fitness: ticking a set done in a live session → its frame painted');
  const user = await signUpBenchUser(site);
  const found = await post(
    site,
    '/api/exercise/all',
    { board: user.boardId, params: { search: 'barbell' } },
    user.session.token,
  );
  const exercises = (found.exercises as { id: number; name: string }[]).slice(0, exercisesPerSession);
  const sets = exercises.flatMap((exercise) =>
    Array.from({ length: setsPerExercise }, () => ({
      exercise_id: exercise.id,
      reps: 8,
      weight: 62.5,
      target_reps: 8,
      done: false,
    })),
  );
  const created = await post(
    site,
    '/api/workout_session/create',
    {
      board: user.boardId,
      params: { title: 'Bench session', started_at: new Date().toISOString(), sets },
    },
    user.session.token,
  );
  const id = (created.workout_session as { id: number }).id;

  const { context, page } = await newVisitor(browser, site, { session: user.session });
  try {
    await page.goto(`${site.shellUrl}/workout-session/${id}`);
    const doneButtons = exercises.flatMap((exercise) =>
      Array.from({ length: setsPerExercise }, (_, set) =>
        page.getByRole('button', { name: `Done set ${set + 1} of ${exercise.name}`, exact: true }),
      ),
    );
    await doneButtons[0].waitFor();
    await page.evaluate(() => {
      const win = window as FitnessWindow;
      win.benchTapToPaint = [];
      win.benchNotYetShown = 0;
      win.benchTapScript = [];
      win.benchTapWork = [];
      // The window hears a click after React's root has handled it (and rendered what it changed, synchronously for
      // a click): the tap's own script time, apart from waiting for the next frame.
      window.addEventListener('click', (event) => {
        win.benchTapScript?.push(performance.now() - event.timeStamp);
      });
      document.addEventListener(
        'click',
        (event) => {
          const tappedAt = event.timeStamp;
          const button = (event.target as Element).closest('button');
          requestAnimationFrame(() => {
            const frameStart = performance.now();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const paintedAt = performance.now();
              win.benchTapToPaint?.push(paintedAt - tappedAt);
              win.benchTapWork?.push((win.benchTapScript?.at(-1) ?? 0) + paintedAt - frameStart);
              // The frame counts only if it showed the set as done (the save is optimistic: no wait for the API).
              if (button?.getAttribute('aria-pressed') !== 'true')
                win.benchNotYetShown = (win.benchNotYetShown ?? 0) + 1;
            };
            channel.port2.postMessage(null);
          });
        },
        { capture: true },
      );
    });
    for (const button of doneButtons) {
      await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const box = await button.boundingBox();
      if (!box) throw new Error('a Done button is not on screen');
      // Between sets a person reads the screen; the next tap comes well after the last paint, at any moment of a frame.
      await page.waitForTimeout(250 + Math.random() * 17);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    // The last tap's frame is painted before the figures are read.
    await page.waitForTimeout(250);
    const { latencies, notYetShown, script, work } = await page.evaluate(() => ({
      latencies: (window as FitnessWindow).benchTapToPaint ?? [],
      notYetShown: (window as FitnessWindow).benchNotYetShown ?? 0,
      script: (window as FitnessWindow).benchTapScript ?? [],
      work: (window as FitnessWindow).benchTapWork ?? [],
    }));
    if (notYetShown > 0)
      log(
        `  ${notYetShown} of ${latencies.length} taps painted a frame that did not show the set as done yet: those times are too low`,
      );
    const target: Target = {
      label: 'fitness: tap → paint while logging a set, p95',
      value: percentile(latencies, 95),
      limit: 16,
      kind: 'max',
      format: ms,
    };
    targets.push(target);
    log(
      table([
        ['measure', 'taps', 'p50', 'p95', 'max', 'target'],
        [
          'tick a set done → painted',
          String(latencies.length),
          ms(percentile(latencies, 50)),
          ms(target.value),
          ms(Math.max(...latencies)),
          describeTarget(target),
        ],
        [
          "of which the tap's work: its script and its frame's rendering",
          String(work.length),
          ms(percentile(work, 50)),
          ms(percentile(work, 95)),
          ms(Math.max(...work)),
          '-',
        ],
        [
          "of which the tap's script (React included)",
          String(script.length),
          ms(percentile(script, 50)),
          ms(percentile(script, 95)),
          ms(Math.max(...script)),
          '-',
        ],
      ]),
    );
  } finally {
    await context.close();
  }
}
