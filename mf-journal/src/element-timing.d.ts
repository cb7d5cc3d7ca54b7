import 'react';

declare module 'react' {
  // A merged declaration repeats React's own type parameter, unused here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /**
     * Element Timing (https://wicg.github.io/element-timing/): the browser records when this element was first
     * painted, read with a `PerformanceObserver` of type `element` (the bench reads the journal's first entry).
     */
    elementtiming?: string;
  }
}
