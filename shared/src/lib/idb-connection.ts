import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase, OpenDBCallbacks } from 'idb';

/**
 * One kept connection to an IndexedDB database for the page: opened on first use, dropped when it fails (the next
 * use tries again) and when another tab asks for a newer version (closed so that tab can upgrade).
 */
export function keptConnection<S extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<S>['upgrade']>,
): { open: () => Promise<IDBPDatabase<S>>; close: () => Promise<void> } {
  let opening: Promise<IDBPDatabase<S>> | null = null;
  return {
    open() {
      opening ??= openDB<S>(name, version, {
        upgrade,
        blocking() {
          void opening?.then((db) => db.close());
          opening = null;
        },
      }).catch((error: unknown) => {
        opening = null;
        throw error;
      });
      return opening;
    },
    /** Closes the connection (tests, and before deleting the database). */
    async close() {
      const pending = opening;
      opening = null;
      if (pending) (await pending).close();
    },
  };
}
