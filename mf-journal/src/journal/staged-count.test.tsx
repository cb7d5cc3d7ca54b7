import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStagedCount } from './staged-count';

function Items({ total, first, onRender }: { total: number; first: number; onRender: (count: number) => void }) {
  const count = useStagedCount(total, first);
  const shown = Array.from({ length: Math.min(count, total) }, (_, i) => i);
  onRender(shown.length);
  return <ul>{shown.map((i) => <li key={i}>item {i}</li>)}</ul>;
}

afterEach(cleanup);

describe('useStagedCount', () => {
  it('commits the first items, then all of them', async () => {
    const rendered: number[] = [];
    await act(async () => {
      render(<Items total={20} first={3} onRender={(n) => rendered.push(n)} />);
    });
    expect(rendered[0]).toBe(3);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
  });

  it('waits for the list to outgrow the first items (a list that loads after the screen rendered)', async () => {
    const rendered: number[] = [];
    const onRender = (n: number) => rendered.push(n);
    const view = render(<Items total={0} first={3} onRender={onRender} />);
    await act(async () => {
      view.rerender(<Items total={2} first={3} onRender={onRender} />);
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    rendered.length = 0;
    await act(async () => {
      view.rerender(<Items total={30} first={3} onRender={onRender} />);
    });
    expect(rendered[0]).toBe(3); // the page that arrived: its first items first
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
  });

  it('renders later changes in full at once', async () => {
    const rendered: number[] = [];
    const onRender = (n: number) => rendered.push(n);
    const view = render(<Items total={10} first={3} onRender={onRender} />);
    await act(async () => undefined);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    rendered.length = 0;
    await act(async () => {
      view.rerender(<Items total={25} first={3} onRender={onRender} />);
    });
    expect(rendered).toEqual([25]);
  });
});
