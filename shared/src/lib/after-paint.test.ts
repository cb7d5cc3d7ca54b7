import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterPaintWhenIdle, nextPaint } from './after-paint';
import { holdFrames } from './test-frames';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs the work in a task after the next animation frame, not before', () => {
    vi.useFakeTimers();
    const frames = holdFrames();
    const work = vi.fn();
    afterNextPaint(work);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled(); // no frame yet: nothing painted
    frames[0]?.(0);
    expect(work).not.toHaveBeenCalled(); // the frame paints first
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs cancelled work', () => {
    vi.useFakeTimers();
    const frames = holdFrames();
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    frames[0]?.(0);
    cancel();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});

describe('nextPaint', () => {
  it('resolves after the next frame is painted', async () => {
    vi.useFakeTimers();
    const frames = holdFrames();
    const painted = vi.fn();
    void nextPaint().then(painted);
    await vi.advanceTimersByTimeAsync(50);
    expect(painted).not.toHaveBeenCalled();
    frames[0]?.(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(painted).toHaveBeenCalledTimes(1);
  });

  it('resolves at once in a hidden page, and at the latest after its time limit when no frame comes', async () => {
    vi.useFakeTimers();
    // Frames are held and never run: the time limit alone ends the wait.
    holdFrames();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await nextPaint();
    visibility.mockReturnValue('visible');
    const painted = vi.fn();
    void nextPaint(100).then(painted);
    await vi.advanceTimersByTimeAsync(99);
    expect(painted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(painted).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });
});

describe('afterPaintWhenIdle', () => {
  it('waits for the paint, then for the browser to be idle, with a time limit', () => {
    vi.useFakeTimers();
    const frames = holdFrames();
    const idle: { callback: () => void; options?: { timeout: number } }[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout: number }) =>
      idle.push({ callback, options }),
    );
    const work = vi.fn();
    afterPaintWhenIdle(work, 1500);
    vi.runAllTimers();
    expect(idle).toHaveLength(0); // not before the paint
    frames[0]?.(0);
    vi.runAllTimers();
    expect(idle).toHaveLength(1);
    expect(idle[0].options).toEqual({ timeout: 1500 });
    expect(work).not.toHaveBeenCalled(); // not before the browser is idle
    idle[0].callback();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the paint where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    const frames = holdFrames();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    afterPaintWhenIdle(work);
    frames[0]?.(0);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
