import { vi } from 'vitest';

/**
 * Holds the browser's animation frames, so that a test decides when the next frame comes: each
 * `requestAnimationFrame` callback waits in the returned list until the test runs it (`runFrames`), and
 * `cancelAnimationFrame` does nothing (a cancelled callback is one the test does not run). Undone by
 * `vi.unstubAllGlobals()`.
 */
export function holdFrames(): FrameRequestCallback[] {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  return frames;
}

/** The next frame: runs every callback waiting in `frames`, and empties it. */
export function runFrames(frames: FrameRequestCallback[]): void {
  for (const frame of frames.splice(0)) frame(0);
}
