/**
 * Runs `work` once the browser has painted what was just rendered: the next animation frame, then a task
 * after it. The session check and /home's widgets start this way, so the first page (its largest paint) is
 * on screen before their code is fetched and run. Returns a cancel function.
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
