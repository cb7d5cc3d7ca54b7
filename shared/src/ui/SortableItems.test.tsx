import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import SortableItems from './SortableItems';

afterEach(cleanup);

describe('SortableItems', () => {
  it("names the list and each handle, keeps the items' own classes and attributes, and announces items by name", async () => {
    const moves: [number, number][] = [];
    render(
      <SortableItems
        ids={['4', '9']}
        labels={['Read', 'Run']}
        onMove={(from, to) => moves.push([from, to])}
        render={(i) => <span>{['Read', 'Run'][i]}</span>}
        listLabel="Your habits"
        listClassName="lb-habit-list"
        itemClassName="lb-habit-line"
        itemAttributes={(i) => ({ 'data-habit-id': ['4', '9'][i] })}
      />,
    );
    const list = screen.getByRole('list', { name: 'Your habits' });
    expect(list.className).toBe('lb-habit-list');
    expect([...list.querySelectorAll('li')].map((li) => [li.className, li.getAttribute('data-habit-id')])).toEqual([
      ['lb-habit-line', '4'],
      ['lb-habit-line', '9'],
    ]);
    expect(document.body.textContent).toContain('To reorder, press space to pick an item up');
    const handle = screen.getByRole('button', { name: 'Drag Read to reorder' });
    handle.focus();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      await Promise.resolve();
    });
    // What a screen reader hears is the item's name, never its id.
    expect(await screen.findByText('Picked up "Read".')).toBeTruthy();
  });

  it('defaults to a stack of rows', () => {
    render(
      <SortableItems ids={['1']} labels={['Warm-up']} onMove={() => undefined} render={() => <span>Warm-up</span>} />,
    );
    expect(screen.getByRole('list').className).toBe('lb-stack');
    expect(screen.getByRole('listitem').className).toBe('lb-row');
  });
});
