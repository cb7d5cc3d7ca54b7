import { useEffect, useState } from 'react';
import { afterNextPaint } from '@lifeboard/shared/lib/after-paint';

/**
 * false until the screen's first render is on screen, then true: for what the first paint need not wait for.
 * The requests a screen makes as it mounts go out before the browser's next frame, and their answers may be
 * handled before it too.
 */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => afterNextPaint(() => setDone(true)), []);
  return done;
}
