import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSaved, listenForSaves, tabId } from './save-broadcast';

const record = { id: 4, board_id: 1, created_at: '', updated_at: '2026-11-22T10:00:00.000Z', body: '<p>x</p>' };
let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

describe('save broadcast between tabs', () => {
  it('hears another tab’s save of the same model at once', async () => {
    const heard = vi.fn();
    stops.push(listenForSaves('note', heard));
    const otherTab = new BroadcastChannel('lifeboard:saved-documents');
    otherTab.postMessage({ model: 'note', record, from: 'another-tab' });
    otherTab.postMessage({ model: 'journal_entry', record, from: 'another-tab' });
    otherTab.postMessage({ model: 'note', record: { nonsense: true }, from: 'another-tab' });
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(heard).toHaveBeenCalledWith(record);
    otherTab.close();
  });

  it('ignores its own tab’s saves and sends them to others', async () => {
    const heard = vi.fn();
    stops.push(listenForSaves('note', heard));
    const otherTab = new BroadcastChannel('lifeboard:saved-documents');
    const received: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => received.push(event.data);
    announceSaved('note', record);
    await vi.waitFor(() => expect(received).toEqual([{ model: 'note', record, from: tabId }]));
    expect(heard).not.toHaveBeenCalled();
    otherTab.close();
  });
});
