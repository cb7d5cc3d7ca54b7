import { atom } from 'nanostores';

export type NotificationKind = 'error' | 'info' | 'success';

export interface NotificationAction {
  label: string;
  run: () => void | Promise<unknown>;
}

export interface Notification {
  id: number;
  kind: NotificationKind;
  message: string;
  action?: NotificationAction;
}

export type NotificationInput = Omit<Notification, 'id'>;

/** The spec's "alerts" (429, 500, unknown model, encryption failures) land here, shown by the UI kit. */
export const $notifications = atom<Notification[]>([]);

let nextId = 1;
/** How many notifications stay on screen at once; older ones give way. */
export const maxNotifications = 5;

/** Adds a notification; one already shown with the same kind and text (e.g. a burst of 429s) is not repeated. */
export function notify(input: NotificationInput): number {
  const same = $notifications
    .get()
    .find((n) => n.kind === input.kind && n.message === input.message && !n.action && !input.action);
  if (same) return same.id;
  const id = nextId++;
  const list = [...$notifications.get(), { ...input, id }];
  $notifications.set(list.slice(-maxNotifications));
  return id;
}

export function dismiss(id: number): void {
  $notifications.set($notifications.get().filter((item) => item.id !== id));
}

export function dismissAll(): void {
  $notifications.set([]);
}
