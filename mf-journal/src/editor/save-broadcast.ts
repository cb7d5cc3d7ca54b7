import type { AnyRecord } from '@lifeboard/shared/api/resource';

/**
 * Tells the other open tabs of this browser that a document was saved, at once (no polling): a tab
 * showing it unchanged takes the new version; a tab with its own changes shows the conflict.
 */
const channelName = 'lifeboard:saved-documents';

export interface SavedMessage {
  model: string;
  record: AnyRecord;
  /** The sending tab (a tab ignores its own messages). */
  from: string;
}

export const tabId =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
}

let sender: BroadcastChannel | null = null;

export function announceSaved(model: string, record: AnyRecord): void {
  sender ??= openChannel();
  sender?.postMessage({ model, record, from: tabId } satisfies SavedMessage);
}

function isSavedMessage(value: unknown): value is SavedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<SavedMessage>;
  return (
    typeof message.model === 'string' &&
    typeof message.from === 'string' &&
    typeof message.record === 'object' &&
    message.record !== null &&
    typeof message.record.id === 'number'
  );
}

/** Calls `listener` for every save of `model` made in another tab; returns the unsubscribe. */
export function listenForSaves(model: string, listener: (record: AnyRecord) => void): () => void {
  const channel = openChannel();
  if (!channel) return () => undefined;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isSavedMessage(event.data) && event.data.model === model && event.data.from !== tabId)
      listener(event.data.record);
  };
  return () => channel.close();
}
