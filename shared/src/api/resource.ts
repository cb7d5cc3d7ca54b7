import type { z } from '../models/zod';
import { traitsOf } from '../models/traits';
import type { models, ModelName, recordBase } from '../models/index';
import { afterPaintWhenIdle } from '../lib/after-paint';
import { notify } from '../stores/notifications';
import { failure, isSuccessStatus, reportUnauthorized, send } from './client';
import type { ApiResult, OfflineWrite } from './client';
import { ApiError, BadResponseError, UnknownModelError } from './errors';
import {
  $encryption,
  encryptableWritten,
  encryptionState,
  isEncryptableModel,
  openForScreen,
  sealForWrite,
} from '../stores/encryption';
import { realValueOf } from '../stores/offline';

/** A stored record as the API sends it: id, board and timestamps, then the model's fields. */
export type AnyRecord = z.infer<typeof recordBase> & { [key: string]: unknown };

/** A record of one model, its fields typed from the registry's zod schema. */
export type ModelRecord<N extends ModelName> = AnyRecord & Partial<z.infer<(typeof models)[N]['fields']>>;

/** Writable fields (create/update bodies); the server validates them strictly. */
export type AnyFields = { [key: string]: unknown };
export type ModelFields<N extends ModelName> = AnyFields & Partial<z.infer<(typeof models)[N]['fields']>>;

export interface ListParams {
  search?: string;
  /** `YYYY-MM-DD` bounds on the model's date field. */
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
  [key: string]: unknown;
}

export interface ListPage<R> {
  items: R[];
  /** Present when the server limited the list: pass it back as `cursor` for the next page. */
  nextCursor: string | null;
}

export interface Resource<R> {
  readonly modelName: string;
  all(board: number, params?: ListParams): Promise<ApiResult<ListPage<R>>>;
  get(board: number, id: number): Promise<ApiResult<R>>;
  create(board: number, fields: Record<string, unknown>): Promise<ApiResult<R>>;
  update(board: number, id: number, fields: Record<string, unknown>): Promise<ApiResult<R>>;
  remove(board: number, id: number): Promise<ApiResult<{ id: number }>>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRecordLike(value: unknown): value is { id: number } {
  return isObject(value) && typeof value.id === 'number';
}

/** Stand-in ids of records made offline: negative, and far from the collections' own temporary ids. */
let nextStandInId = -1_000_000_000;
let lastStandInTime = '';

/** An ISO time no earlier stand-in had: a queued edit names the one it followed by its `updated_at`. */
function standInTime(): string {
  let time = new Date().toISOString();
  if (time <= lastStandInTime) time = new Date(Date.parse(lastStandInTime) + 1).toISOString();
  lastStandInTime = time;
  return time;
}

/** An edit that names a record made offline, or the version an offline edit gave it, names the real ones. */
function withRealValues(params: Record<string, unknown>): Record<string, unknown> {
  const { id, expected_updated_at: expected } = params;
  return {
    ...params,
    ...(typeof id === 'number' ? { id: realValueOf(id) } : {}),
    ...(typeof expected === 'string' ? { expected_updated_at: realValueOf(expected) } : {}),
  };
}

/** The person's words in a write (its title, note, body…), as plain text, for the list of changes not sent. */
function plainTextOf(params: Record<string, unknown>, titleField: string | undefined): string {
  const fields = [...new Set([titleField, 'title', 'name', 'note', 'body', 'content', 'text', 'description'])];
  return fields
    .map((field) => (field ? params[field] : undefined))
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) =>
      value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .join(' — ');
}

/**
 * The contract's `POST /api/{M}/{all|get|create|update|delete}` for one model (api-contract.md).
 * A 401 is reported to the shell's handler (spec §4: a 401 during data loading logs out); an answer
 * `Unable to find model: {name}` is shown as a notification (spec §8).
 */
export function createResource<N extends ModelName>(modelName: N): Resource<ModelRecord<N>>;
export function createResource(modelName: string): Resource<AnyRecord>;
export function createResource(modelName: string): Resource<AnyRecord> {
  // An unknown name still goes to the server, whose answer names the missing model.
  const state = traitsOf(modelName)?.state ?? modelName;
  const single = traitsOf(modelName)?.single === true;

  // Journal entries and notes are sealed before they leave and opened when they come (stores/encryption.ts).
  const sealed = isEncryptableModel(modelName);

  async function call<T>(
    verb: string,
    body: { board: number; params?: Record<string, unknown> },
    read: (body: Record<string, unknown>) => T | undefined,
  ): Promise<ApiResult<T>> {
    if ((verb === 'update' || verb === 'delete') && body.params)
      body = { ...body, params: withRealValues(body.params) };
    const offline = verb === 'create' || verb === 'update' || verb === 'delete' ? offlineWrite(verb, body) : undefined;
    if (sealed && (verb === 'create' || verb === 'update') && body.params) {
      try {
        const id = verb === 'update' && typeof body.params.id === 'number' ? body.params.id : null;
        body = { ...body, params: await sealForWrite(modelName, body.params, id, body.board) };
      } catch (error) {
        // Nothing is sent: without a key the text would leave in the clear.
        return { ok: false, status: 0, error: new ApiError(error instanceof Error ? error.message : String(error), 0) };
      }
    }
    const { status, body: raw } = await send({
      method: 'POST',
      url: `/api/${modelName}/${verb}`,
      data: body,
      read: verb === 'all' || verb === 'get',
      offline,
    });
    const answer = sealed && isObject(raw) ? await openAnswer(raw) : raw;
    if (status === 401) void reportUnauthorized();
    if (!isSuccessStatus(status) || !isObject(answer) || answer.success === false) {
      const result = failure<T>(status, answer);
      if (!result.ok && result.error instanceof UnknownModelError)
        notify({ kind: 'error', message: result.error.message });
      return result;
    }
    // Whether the journal is encrypted is asked once a journal's list or entry has come and is painted (once per
    // person and page), so its answer is kept for offline use too: a journal edit made offline later is sealed, or
    // not, by it.
    if (sealed && (verb === 'all' || verb === 'get'))
      afterPaintWhenIdle(() => void encryptionState().catch(() => undefined));
    const data = read(answer);
    if (data === undefined) {
      return {
        ok: false,
        status,
        error: new BadResponseError(`The answer to ${modelName}/${verb} lacks its data.`, status, answer),
      };
    }
    if (sealed && isEncryptableModel(modelName)) {
      if ((verb === 'create' || verb === 'update') && isRecordLike(data))
        encryptableWritten({ model: modelName, board: body.board, record: data });
      else if (verb === 'delete' && isRecordLike(data))
        encryptableWritten({ model: modelName, board: body.board, removed: data.id });
    }
    return { ok: true, status, data };
  }

  /**
   * A write that may be made offline (offline-queue.ts): its label and text (from the fields before sealing), and
   * the answer its caller gets when it is queued: the record as written, with a stand-in id and `updated_at`.
   */
  function offlineWrite(
    verb: 'create' | 'update' | 'delete',
    { board, params = {} }: { board: number; params?: Record<string, unknown> },
  ): OfflineWrite {
    const label = traitsOf(modelName)?.label ?? modelName.replace(/_/g, ' ');
    const named = { create: `New ${label.toLowerCase()}`, update: `${label} changes`, delete: `${label} removal` }[
      verb
    ];
    return {
      label: named,
      // An encrypted journal's text is never kept in the clear on the device, not even while it waits to be sent.
      text:
        verb === 'delete' || (sealed && $encryption.get().material)
          ? ''
          : plainTextOf(params, traitsOf(modelName)?.titleField),
      standIn: () => {
        const id = typeof params.id === 'number' ? params.id : null;
        if (verb === 'delete') return { body: { success: true, id } };
        const now = standInTime();
        const { expected_updated_at: _versionCheck, ...fields } = params;
        if (verb === 'update') {
          return {
            body: { success: true, [modelName]: { ...fields, id, updated_at: now } },
            ids: { updated_at: now, model: modelName },
          };
        }
        const standIn = (nextStandInId -= 1);
        return {
          body: {
            success: true,
            [modelName]: { ...fields, id: standIn, board_id: board, created_at: now, updated_at: now },
          },
          ids: { id: standIn, updated_at: now, model: modelName },
        };
      },
    };
  }

  /** The answer with every record of this model opened (or blanked, when locked or broken). */
  async function openAnswer(raw: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = { ...raw };
    for (const key of [modelName, state, 'current']) {
      const value = answer[key];
      if (Array.isArray(value))
        answer[key] = await Promise.all(value.map((one) => (isRecordLike(one) ? openForScreen(modelName, one) : one)));
      else if (isRecordLike(value)) answer[key] = await openForScreen(modelName, value);
    }
    return answer;
  }

  const readRecord = (body: Record<string, unknown>) =>
    isRecordLike(body[modelName]) ? (body[modelName] as AnyRecord) : undefined;

  return {
    modelName,
    all: (board, params = {}) =>
      call('all', { board, params }, (body) => {
        const list = body[state];
        const nextCursor = typeof body.next_cursor === 'string' && body.next_cursor ? body.next_cursor : null;
        if (single) return { items: isRecordLike(list) ? [list as AnyRecord] : [], nextCursor };
        if (!Array.isArray(list)) return undefined;
        return { items: list.filter(isRecordLike) as AnyRecord[], nextCursor };
      }),
    get: (board, id) => call('get', { board, params: { id } }, readRecord),
    create: (board, fields) => call('create', { board, params: fields }, readRecord),
    update: (board, id, fields) => call('update', { board, params: { ...fields, id } }, readRecord),
    remove: (board, id) =>
      call('delete', { board, params: { id } }, (body) => ({ id: typeof body.id === 'number' ? body.id : id })),
  };
}
