/**
 * Runs `work` once the browser has painted what was just rendered: the next animation frame, then a task
 * after it. The session check, /home's widgets and the journal's secondary lists start this way, so the first
 * page (its largest paint) is on screen before their code is fetched and run. Returns a cancel function.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Resolves once what was just rendered is painted (see `afterNextPaint`), or at once in a hidden page, where
 * animation frames wait until it is shown again; at the latest after `timeoutMs`, should the page be hidden before
 * its frame.
 */
export function nextPaint(timeoutMs = 100): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const cancel = afterNextPaint(() => {
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      cancel();
      resolve();
    }, timeoutMs);
  });
}

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/**
 * Runs `work` in the browser's first idle moment, at the latest `timeoutMs` later. Where there is no
 * `requestIdleCallback` (Safari before 26), `otherwise` runs it instead (by default at once).
 */
export function whenIdle(
  work: () => void,
  timeoutMs: number,
  otherwise: (work: () => void) => void = (run) => run(),
): void {
  const idle = window as IdleWindow;
  if (typeof idle.requestIdleCallback === 'function') idle.requestIdleCallback(work, { timeout: timeoutMs });
  else otherwise(work);
}

/**
 * Runs `work` after the next paint, in the first moment the browser is idle (at the latest `timeoutMs` later):
 * for work the page does not wait for, which must not take main-thread time from what it does wait for.
 * Where there is no `requestIdleCallback`, after the next paint.
 */
export function afterPaintWhenIdle(work: () => void, timeoutMs = 2000): void {
  afterNextPaint(() => whenIdle(work, timeoutMs));
}
