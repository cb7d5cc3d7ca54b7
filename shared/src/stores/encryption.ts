import { atom } from 'nanostores';
import { send, isSuccessStatus } from '../api/client';
import { encryptedFields, type EncryptableModel } from '../crypto/fields';
import type { DataKey, KeyMaterial, Secret } from '../crypto/keys';
import { loadOnce } from '../lib/load-once';
import { registerClearable } from './data';
import { $session } from './session';

/**
 * The browser side of end-to-end encryption (shared/src/crypto/README.md): whether it is on for the signed-in
 * user, the unlocked data key (memory only: a reload or sign-out locks), and turning it on and off, record by
 * record, so an interrupted run leaves each record whole and the next one goes on where it stopped.
 */

export interface StoredMaterial extends KeyMaterial {
  state: 'on' | 'turning_off';
  updated_at: string;
}

export interface EncryptionState {
  /** The user this state is of; null until loaded. */
  userId: number | null;
  /** Null while encryption is off. */
  material: StoredMaterial | null;
  dataKey: DataKey | null;
}

/**
 * The crypto code (WebCrypto, and idb for the device's key store: ~4 kB gzip) loads the first time a key or a
 * sealed record is handled: the screens of every other model, and a journal read in the clear, go without it.
 */
const loadCrypto = loadOnce(async () => {
  const [keys, records, device] = await Promise.all([
    import('../crypto/keys'),
    import('../crypto/records'),
    import('../crypto/device'),
  ]);
  return { ...keys, ...records, ...device };
});

const empty: EncryptionState = { userId: null, material: null, dataKey: null };
export const $encryption = atom<EncryptionState>(empty);
/** Records converted so far in the running batch, of how many; null when none runs. */
export const $conversion = atom<{ done: number; total: number; direction: 'seal' | 'open' } | null>(null);

let loading: Promise<EncryptionState> | null = null;

// Not cleared with the board's data (a board switch keeps the journal unlocked): only when the user changes.
$session.subscribe((session) => {
  const known = $encryption.get().userId;
  if (known === null || session.user?.id === known) return;
  loading = null;
  $encryption.set(empty);
  $conversion.set(null);
});

export const isEncryptableModel = (model: string): model is EncryptableModel => model in encryptedFields;

function currentUserId(): number | null {
  return $session.get().user?.id ?? null;
}

class EncryptionRequestError extends Error {}

async function call<T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const { status, body } = await send({ method, url, data });
  if (!isSuccessStatus(status)) {
    const message =
      typeof body === 'object' && body !== null
        ? ((body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message)
        : null;
    throw new EncryptionRequestError(
      typeof message === 'string' ? message : 'The server could not be reached. Try again.',
    );
  }
  return body as T;
}

/** The signed-in user's state, asked of the server once per user and page. */
export function encryptionState(): Promise<EncryptionState> {
  const userId = currentUserId();
  const known = $encryption.get();
  if (userId === null) return Promise.resolve(empty);
  if (known.userId === userId) return Promise.resolve(known);
  if (!loading) {
    loading = send({ method: 'GET', url: '/api/encryption' })
      .then(({ status, body }) => {
        // An API without end-to-end encryption (404) has it off. Any other failure leaves the state unknown, so
        // a write of a journal entry fails rather than go out in the clear.
        if (status === 404) return { encryption: null };
        if (!isSuccessStatus(status) || typeof body !== 'object' || body === null || !('encryption' in body))
          throw new EncryptionRequestError('Lifeboard could not check whether your journal is encrypted. Try again.');
        return body as { encryption: StoredMaterial | null };
      })
      .then(({ encryption }) => {
        // Set meanwhile for this user (turned on, unlocked) is newer than this answer; for another user, not theirs.
        const now = $encryption.get();
        if (now.userId === userId) return now;
        const state = { userId, material: encryption, dataKey: null };
        if (currentUserId() === userId) $encryption.set(state);
        return state;
      })
      .finally(() => {
        loading = null;
      });
  }
  return loading;
}

function requireMaterial(): StoredMaterial & { userId: number } {
  const { userId, material } = $encryption.get();
  if (userId === null || !material) throw new EncryptionRequestError('Encryption is off for your account.');
  return { ...material, userId };
}

/** Unlocks with the passphrase or recovery key; a wrong one rejects with a message to show. */
export async function unlockEncryption(secret: Secret): Promise<void> {
  await encryptionState();
  const { userId, ...material } = requireMaterial();
  const { unlock } = await loadCrypto();
  const dataKey = await unlock(userId, material, secret);
  $encryption.set({ ...$encryption.get(), dataKey });
}

/** Unlocks with this device's PIN; false when the device keeps none (then the passphrase is needed). */
export async function unlockEncryptionWithPin(pin: string): Promise<boolean> {
  await encryptionState();
  const { userId } = requireMaterial();
  const { unlockWithPin } = await loadCrypto();
  const dataKey = await unlockWithPin(userId, pin);
  if (!dataKey) return false;
  $encryption.set({ ...$encryption.get(), dataKey });
  return true;
}

export function lockEncryption(): void {
  $encryption.set({ ...$encryption.get(), dataKey: null });
}

export async function devicePin(): Promise<boolean> {
  const userId = currentUserId();
  return userId !== null && (await loadCrypto()).hasPin(userId);
}

export async function setDevicePin(secret: Secret, pin: string): Promise<void> {
  const { userId, ...material } = requireMaterial();
  await (await loadCrypto()).rememberWithPin(userId, material, secret, pin);
}

export async function removeDevicePin(): Promise<void> {
  const userId = currentUserId();
  if (userId !== null) await (await loadCrypto()).forgetPin(userId);
}

/** Turns encryption on; answers the recovery key, to be shown once. Existing records are sealed after. */
export async function turnOnEncryption(passphrase: string): Promise<string> {
  const state = await encryptionState();
  if (state.userId === null) throw new EncryptionRequestError('Sign in first.');
  const keys = await (await loadCrypto()).createKeyMaterial(state.userId, passphrase);
  const { encryption } = await call<{ encryption: StoredMaterial }>('POST', '/api/encryption/enable', keys.material);
  $encryption.set({ userId: state.userId, material: encryption, dataKey: keys.dataKey });
  return keys.recoveryKey;
}

/** Re-wraps the data key under a new passphrase; the old one (or the recovery key) proves the person. */
export async function changeEncryptionPassphrase(secret: Secret, newPassphrase: string): Promise<void> {
  const { userId, ...material } = requireMaterial();
  const next = await (await loadCrypto()).changePassphrase(userId, material, secret, newPassphrase);
  const { encryption } = await call<{ encryption: StoredMaterial }>('POST', '/api/encryption/passphrase', {
    kdf: next.kdf,
    wrapped_key: next.wrapped_key,
    expected_updated_at: material.updated_at,
  });
  $encryption.set({ ...$encryption.get(), material: encryption });
}

interface ShownRecord {
  id: number;
  encrypted?: boolean | null;
  record_uid?: string | null;
  [key: string]: unknown;
}

interface RawRecord extends ShownRecord {
  updated_at: string;
}

export interface ConversionProgress {
  done: number;
  total: number;
}

/**
 * Seals (or opens back) every journal entry and note of every board, one record per request, each written only
 * if unchanged since read: a record is always whole, plain or encrypted. Interrupted, the next run finds the ones
 * left. Answers how many records it could not convert (changed meanwhile, or undecryptable).
 */
export async function convertAll(direction: 'seal' | 'open'): Promise<number> {
  const { dataKey } = $encryption.get();
  const { CryptoAlert, sealRecord, unsealRecord } = await loadCrypto();
  if (!dataKey) throw new CryptoAlert(direction === 'seal' ? 'noEncryptKey' : 'noDecryptKey');
  const boards = $session.get().user?.boards ?? [];
  const { progress } = await call<{ progress: Record<string, { total: number; encrypted: number }> }>(
    'GET',
    '/api/encryption/progress',
  );
  const counts = Object.values(progress);
  const total = counts.reduce((sum, one) => sum + one.total, 0);
  let done = counts.reduce((sum, one) => sum + (direction === 'seal' ? one.encrypted : one.total - one.encrypted), 0);
  let failed = 0;
  $conversion.set({ done, total, direction });
  // The entries' images go with their text: sealed and uploaded again (or back plain), each once per run.
  const { ImageConversion } = await import('../rich-text/sealed-images');
  const images = new ImageConversion(dataKey);
  try {
    for (const model of Object.keys(encryptedFields) as EncryptableModel[]) {
      for (const board of boards) {
        let cursor: string | undefined;
        do {
          const page = await call<Record<string, unknown>>('POST', `/api/${model}/all`, {
            board: board.id,
            params: { limit: 200, ...(cursor ? { cursor } : {}) },
          });
          const state = model === 'note' ? 'notes' : 'journalEntries';
          const records = (Array.isArray(page[state]) ? page[state] : []) as RawRecord[];
          cursor = typeof page.next_cursor === 'string' ? page.next_cursor : undefined;
          for (const record of records) {
            if (Boolean(record.encrypted) === (direction === 'seal')) continue;
            try {
              const changes =
                direction === 'seal'
                  ? await sealRecord(dataKey, model, { ...record, body: await images.seal(String(record.body ?? '')) })
                  : await unsealRecord(dataKey, model, record);
              if (direction === 'open') changes.body = await images.open(String(changes.body ?? ''));
              await call('POST', `/api/${model}/update`, {
                board: board.id,
                params: { ...changes, id: record.id, expected_updated_at: record.updated_at },
              });
              done += 1;
              $conversion.set({ done, total, direction });
            } catch (error) {
              if (error instanceof CryptoAlert) throw error;
              failed += 1;
            }
          }
        } while (cursor);
      }
    }
    // Every record that named an original now names its converted copy (or kept it, when its write failed).
    if (failed === 0) await images.deleteOriginals();
  } finally {
    $conversion.set(null);
  }
  return failed;
}

/** Decrypts everything back, then forgets the key; resumable like `convertAll`. */
export async function turnOffEncryption(secret: Secret): Promise<void> {
  if (!$encryption.get().dataKey) await unlockEncryption(secret);
  else {
    // Turning off needs the passphrase even when unlocked: it is the one step that cannot be taken back.
    const { userId, ...material } = requireMaterial();
    await (await loadCrypto()).unlock(userId, material, secret);
  }
  await call('POST', '/api/encryption/state', { state: 'turning_off' });
  const failed = await convertAll('open');
  if (failed > 0)
    throw new EncryptionRequestError(
      `${failed} ${failed === 1 ? 'entry' : 'entries'} could not be decrypted. Open the journal to see which, then try again.`,
    );
  await call('POST', '/api/encryption/disable');
  const userId = currentUserId();
  if (userId !== null) await (await loadCrypto()).forgetPin(userId).catch(() => undefined);
  $encryption.set({ userId, material: null, dataKey: null });
}

/** Why a record shows no text: no key on this device yet, or its ciphertext fails to open. */
export type SealedState = 'locked' | 'broken';

/** The records last opened per model and id: an edit seals the field it does not change along with the one it does. */
const lastOpened = new Map<string, ShownRecord>();
registerClearable(() => lastOpened.clear());

/** A record as screens may show it: decrypted, or blanked with `e2e_state` saying why. */
export async function openForScreen<R extends ShownRecord>(model: string, record: R): Promise<R> {
  if (!isEncryptableModel(model)) return record;
  if (!record.encrypted) {
    lastOpened.set(`${model}:${record.id}`, record);
    return record;
  }
  const opened = await (await loadCrypto()).openRecord($encryption.get().dataKey, model, record);
  const shown: R =
    opened.state === 'locked' || opened.state === 'broken'
      ? { ...opened.record, e2e_state: opened.state }
      : opened.record;
  lastOpened.set(`${model}:${record.id}`, shown);
  return shown;
}

/** A write that would lose text or send it in the clear. */
export class SealRefusedError extends Error {}

/**
 * The fields a write sends: while encryption is on, title and body sealed with the record's uid (the record as
 * last read gives the field the write does not change, so the record is never half plain). With no key, the
 * write is refused rather than sent in plain text. `id`: the record an update changes (on `board`); null for a
 * create.
 */
export async function sealForWrite(
  model: string,
  fields: Record<string, unknown>,
  id: number | null,
  board: number,
): Promise<Record<string, unknown>> {
  const { e2e_state: _shown, ...clean } = fields;
  if (!isEncryptableModel(model)) return clean;
  const touched = encryptedFields[model].some((field) => field in clean);
  if (!touched) return clean;
  const state = await encryptionState();
  if (!state.material || state.material.state !== 'on') return clean;
  const { CryptoAlert, sealRecord } = await loadCrypto();
  if (!state.dataKey) throw new CryptoAlert('noEncryptKey');
  let current: ShownRecord | undefined;
  if (id !== null) {
    current = lastOpened.get(`${model}:${id}`);
    if (!current) {
      const answer = await call<Record<string, unknown>>('POST', `/api/${model}/get`, {
        board,
        params: { id },
      });
      current = await openForScreen(model, answer[model] as ShownRecord);
    }
    if (current.e2e_state === 'locked') throw new CryptoAlert('noEncryptKey');
    if (current.e2e_state === 'broken')
      throw new SealRefusedError("This entry can't be decrypted, so it can't be changed either.");
  }
  const merged = { ...(current ?? {}), ...clean, record_uid: current?.encrypted ? current.record_uid : null };
  return { ...clean, ...(await sealRecord(state.dataKey, model, merged)) };
}

let resuming: Promise<void> | null = null;

/**
 * Goes on with an interrupted run once unlocked: sealing what is still plain while encryption is on, or opening
 * everything back (then forgetting the key) while it is being turned off. One run per page at a time.
 */
export function resumeConversion(): Promise<void> {
  const { material, dataKey } = $encryption.get();
  if (!material || !dataKey || resuming) return resuming ?? Promise.resolve();
  resuming = (async () => {
    if (material.state === 'on') {
      await convertAll('seal');
      return;
    }
    if ((await convertAll('open')) === 0) {
      await call('POST', '/api/encryption/disable');
      const userId = currentUserId();
      if (userId !== null) await (await loadCrypto()).forgetPin(userId).catch(() => undefined);
      $encryption.set({ userId, material: null, dataKey: null });
    }
  })().finally(() => {
    resuming = null;
  });
  return resuming;
}

/** A write of a journal entry or note the server accepted: the record as shown, or the id of one deleted. */
export type EncryptableWrite =
  | { model: EncryptableModel; board: number; record: ShownRecord }
  | { model: EncryptableModel; board: number; removed: number };

const writeListeners = new Set<(write: EncryptableWrite) => void>();

/** Follows accepted writes (the device search keeps its index current); answers the unsubscribe. */
export function onEncryptableWrite(listener: (write: EncryptableWrite) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

export function encryptableWritten(write: EncryptableWrite): void {
  for (const listener of writeListeners) listener(write);
}
