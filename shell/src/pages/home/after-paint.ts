/**
 * Runs `work` once the browser has painted what was just rendered: the next animation frame, then a task
 * after it. /home starts fetching and running the areas' widget code this way, so its greeting (the largest
 * paint) is on screen before that work can hold the main thread. Returns a cancel function.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => { timer = setTimeout(work, 0); });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
