import { createElement, lazy, useState } from 'react';
import type { ComponentType } from 'react';
import { loadOnce } from './load-once';

/** A screen whose code loads on demand, and can be asked for ahead of its first render. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts loading the screen's code (once); resolves when it can render without suspending. */
  preload(): Promise<unknown>;
};

/**
 * Like `React.lazy`, with a `preload()`. A screen preloaded before it first renders is rendered directly:
 * no Suspense fallback, so no React reveal throttle (React holds a revealed boundary until 300 ms after
 * its fallback appeared, which put the first paint of /home 300 ms after its code had arrived). One that
 * is not yet loaded suspends as with `React.lazy`. Each place that renders the screen keeps the path it
 * started with, so a re-render never remounts it.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  // A failed load is forgotten: a later render or preload tries again.
  const preload = loadOnce(() => load().then((component) => (loaded = component)));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    const [Ready] = useState(() => loaded);
    // createElement, not JSX: `shared/lib` modules are plain .ts (package.json exports `./lib/*.ts`).
    return Ready ? createElement(Ready, props) : createElement(Suspending as ComponentType<P>, props);
  }
  return Object.assign(Screen, { preload });
}

/**
 * An area's `preloadFor`: the screen whose path pattern matches, asked for now (as the area mounts, beside its
 * root), so it renders without suspending. Never rejects: a failed load is retried, and shown, when it renders.
 */
export function screenPreloader(screens: readonly [RegExp, Pick<LazyScreen<never>, 'preload'>][]) {
  return (location: { pathname: string }): Promise<unknown> => {
    const screen = screens.find(([path]) => path.test(location.pathname))?.[1];
    return screen ? screen.preload().catch(() => undefined) : Promise.resolve();
  };
}
