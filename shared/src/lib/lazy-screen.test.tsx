import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { lazyScreen } from './lazy-screen';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

describe('lazyScreen', () => {
  it('renders a preloaded screen at once, without its fallback', async () => {
    const Screen = lazyScreen(() => Promise.resolve(Counter));
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen label="Clicks" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Clicks 0' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends until the code arrives when not preloaded, and loads it once', async () => {
    const code = deferred<typeof Counter>();
    let loads = 0;
    const Screen = lazyScreen(() => {
      loads++;
      return code.promise;
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen label="Clicks" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    void Screen.preload();
    await act(async () => code.resolve(Counter));
    expect(await screen.findByRole('button', { name: 'Clicks 0' })).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('keeps a screen that suspended mounted when its parent renders again', async () => {
    const code = deferred<typeof Counter>();
    const Screen = lazyScreen(() => code.promise);
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen label="Clicks" />
      </Suspense>,
    );
    await act(async () => code.resolve(Counter));
    (await screen.findByRole('button', { name: 'Clicks 0' })).click();
    expect(await screen.findByRole('button', { name: 'Clicks 1' })).toBeTruthy();
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Screen label="Taps" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeTruthy();
  });

  it('tries again after a failed load', async () => {
    let attempt = 0;
    const Screen = lazyScreen(() =>
      ++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Counter),
    );
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    render(<Screen label="Clicks" />);
    expect(screen.getByRole('button', { name: 'Clicks 0' })).toBeTruthy();
  });
});
