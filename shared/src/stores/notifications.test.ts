import { afterEach, describe, expect, it } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { $notifications, dismiss, dismissAll, maxNotifications, notify } from './notifications';

afterEach(() => {
  dismissAll();
  cleanStores($notifications);
});

describe('notifications', () => {
  it('notify adds with a fresh id and dismiss removes by id', () => {
    keepMount($notifications);
    const a = notify({ kind: 'error', message: 'Too Many Requests!' });
    const b = notify({ kind: 'success', message: 'Saved' });
    expect(a).not.toBe(b);
    expect($notifications.get().map((n) => n.message)).toEqual(['Too Many Requests!', 'Saved']);
    dismiss(a);
    expect($notifications.get().map((n) => n.id)).toEqual([b]);
  });

  it('does not repeat a notification already shown', () => {
    const first = notify({ kind: 'error', message: 'Too Many Requests!' });
    expect(notify({ kind: 'error', message: 'Too Many Requests!' })).toBe(first);
    expect($notifications.get()).toHaveLength(1);
    notify({ kind: 'info', message: 'Too Many Requests!' });
    expect($notifications.get()).toHaveLength(2);
  });

  it('keeps an action to run', () => {
    let undone = false;
    notify({
      kind: 'info',
      message: 'Deleted',
      action: {
        label: 'Undo',
        run: () => {
          undone = true;
        },
      },
    });
    void $notifications.get()[0].action?.run();
    expect(undone).toBe(true);
  });

  it(`keeps at most ${maxNotifications}, dropping the oldest`, () => {
    for (let i = 0; i < maxNotifications + 2; i++) notify({ kind: 'info', message: `n${i}` });
    const messages = $notifications.get().map((n) => n.message);
    expect(messages).toHaveLength(maxNotifications);
    expect(messages[0]).toBe('n2');
  });
});
