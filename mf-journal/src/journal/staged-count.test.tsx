import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runFrames, holdFrames } from '@lifeboard/shared/lib/test-frames';
import { useStagedCount } from './staged-count';

function Items({ total, first, onRender }: { total: number; first: number; onRender: (count: number) => void }) {
  const count = useStagedCount(total, first);
  const shown = Array.from({ length: Math.min(count, total) }, (_, i) => i);
  onRender(shown.length);
  return (
    <ul>
      {shown.map((i) => (
        <li key={i}>item {i}</li>
      ))}
    </ul>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items = () => screen.getAllByRole('listitem');

describe('useStagedCount', () => {
  it('commits the first items, then all of them', async () => {
    const rendered: number[] = [];
    render(<Items total={20} first={3} onRender={(n) => rendered.push(n)} />);
    expect(rendered[0]).toBe(3);
    await waitFor(() => expect(items()).toHaveLength(20));
  });

  it('renders the rest only after the first items were painted', async () => {
    const frames = holdFrames();
    await act(async () => {
      render(<Items total={20} first={3} onRender={() => undefined} />);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(items()).toHaveLength(3); // no frame yet
    await act(async () => runFrames(frames));
    await waitFor(() => expect(items()).toHaveLength(20));
  });

  it('waits for the list to outgrow the first items (a list that loads after the screen rendered)', async () => {
    const rendered: number[] = [];
    const onRender = (n: number) => rendered.push(n);
    const view = render(<Items total={0} first={3} onRender={onRender} />);
    await act(async () => {
      view.rerender(<Items total={2} first={3} onRender={onRender} />);
    });
    expect(items()).toHaveLength(2);
    rendered.length = 0;
    await act(async () => {
      view.rerender(<Items total={30} first={3} onRender={onRender} />);
    });
    expect(rendered[0]).toBe(3); // the page that arrived: its first items first
    await waitFor(() => expect(items()).toHaveLength(30));
  });

  it('renders later changes in full at once', async () => {
    const rendered: number[] = [];
    const onRender = (n: number) => rendered.push(n);
    const view = render(<Items total={10} first={3} onRender={onRender} />);
    await waitFor(() => expect(items()).toHaveLength(10));
    rendered.length = 0;
    await act(async () => {
      view.rerender(<Items total={25} first={3} onRender={onRender} />);
    });
    expect(rendered).toEqual([25]);
  });
});
