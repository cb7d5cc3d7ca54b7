import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { createAutosave, whenIdle } from './autosave';
import type { Autosave, AutosaveState, Fields } from './autosave';
import { collectionTransport } from './record-transport';
import { announceSaved, listenForSaves } from './save-broadcast';

export interface UseAutosaveOptions {
  model: 'journal_entry' | 'note';
  /** The stored document (null: new); read when the page mounts the editor. */
  record: AnyRecord | null;
  read: () => Fields;
  /** See `AutosaveOptions.isEmpty`. */
  isEmpty?: (fields: Fields) => boolean;
  onSaved: (record: AnyRecord) => void;
  /** Another tab saved this document and this tab had no changes: show their version. */
  onRemote: (record: AnyRecord) => void;
}

/**
 * Autosave wired to the page's life: a save when the tab is hidden or left, a last save when the editor
 * closes, and other tabs' saves heard through a BroadcastChannel.
 */
export function useAutosave({ model, record, read, isEmpty, onSaved, onRemote }: UseAutosaveOptions): {
  autosave: Autosave<AnyRecord>;
  state: AutosaveState<AnyRecord>;
} {
  const callbacks = useRef({ read, isEmpty, onSaved, onRemote });
  callbacks.current = { read, isEmpty, onSaved, onRemote };
  const [autosave] = useState(() =>
    createAutosave<AnyRecord>({
      model,
      record,
      transport: collectionTransport(model),
      read: () => callbacks.current.read(),
      isEmpty: (fields) => callbacks.current.isEmpty?.(fields) ?? false,
      // Serializing a long document takes tens of milliseconds: done between keystrokes, not on one.
      schedule: (task) => whenIdle(task),
      onSaved: (saved) => {
        announceSaved(model, saved);
        callbacks.current.onSaved(saved);
      },
    }),
  );
  const state = useStore(autosave.$state);

  useEffect(() => {
    autosave.resume();
    const handleHidden = () => {
      if (document.visibilityState === 'hidden') void autosave.flush();
    };
    const handleLeave = () => void autosave.flush();
    // The device is back online: send what waits now rather than at the next backoff retry.
    const handleOnline = () => void autosave.flush();
    document.addEventListener('visibilitychange', handleHidden);
    window.addEventListener('pagehide', handleLeave);
    window.addEventListener('online', handleOnline);
    const stopListening = listenForSaves(model, (saved) => {
      if (autosave.receiveRemote(saved) === 'apply') callbacks.current.onRemote(saved);
    });
    return () => {
      document.removeEventListener('visibilitychange', handleHidden);
      window.removeEventListener('pagehide', handleLeave);
      window.removeEventListener('online', handleOnline);
      stopListening();
      // Leaving the editor saves what is pending (its draft is already kept), then stops the timers.
      void autosave.close();
    };
  }, [autosave, model]);

  return { autosave, state };
}
