import type { SiteInfo } from './site-info';

/**
 * The API as a test talks to it from Node: a fresh user signed up in one call, and the model calls of the
 * contract (`POST /api/{model}/{verb}` with `{ board, params }`), for setting up data fast and for checking
 * what the browser saved.
 */

export interface ApiUser {
  email: string;
  password: string;
  token: string;
  user: { id: number; role: string };
  boardId: number;
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

export type ApiRecord = { id: number; updated_at: string } & Record<string, unknown>;

export async function apiRequest(
  site: SiteInfo,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<ApiAnswer> {
  const response = await fetch(`${site.apiUrl}${path}`, {
    method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : {};
  return {
    status: response.status,
    body: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {},
  };
}

let signUps = 0;

/** A new account (and its default board) made through `POST /api/register`; `extra` adds to its fields (e.g. `as_creator`). */
export async function signUpThroughApi(
  site: SiteInfo,
  prefix = 'e2e',
  extra: Record<string, unknown> = {},
): Promise<ApiUser> {
  signUps += 1;
  const email = `${prefix}-${Date.now()}-${signUps}@example.com`;
  const password = 'a long enough password';
  const registered = await apiRequest(site, 'POST', '/api/register', {
    name: `${prefix} tester`,
    email,
    password,
    ...extra,
  });
  if (registered.status !== 201 || typeof registered.body.token !== 'string') {
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  }
  const token = registered.body.token;
  const boards = await apiRequest(site, 'GET', '/api/board/all', undefined, token);
  const list = boards.body.boards;
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  const boardId = typeof first === 'object' && first !== null ? (first as { id?: unknown }).id : undefined;
  if (typeof boardId !== 'number') throw new Error(`the new user has no board: ${JSON.stringify(boards.body)}`);
  return { email, password, token, user: registered.body.user as ApiUser['user'], boardId };
}

function recordOf(answer: ApiAnswer, model: string, what: string): ApiRecord {
  const record = answer.body[model];
  if (
    answer.status >= 300 ||
    typeof record !== 'object' ||
    record === null ||
    typeof (record as { id?: unknown }).id !== 'number'
  ) {
    throw new Error(`${what} ${model} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return record as ApiRecord;
}

export async function createRecord(
  site: SiteInfo,
  user: ApiUser,
  model: string,
  fields: Record<string, unknown>,
): Promise<ApiRecord> {
  const answer = await apiRequest(
    site,
    'POST',
    `/api/${model}/create`,
    { board: user.boardId, params: fields },
    user.token,
  );
  return recordOf(answer, model, 'create');
}

export async function getRecord(site: SiteInfo, user: ApiUser, model: string, id: number): Promise<ApiRecord> {
  const answer = await apiRequest(
    site,
    'POST',
    `/api/${model}/get`,
    { board: user.boardId, params: { id } },
    user.token,
  );
  return recordOf(answer, model, 'get');
}

/** `POST /api/{model}/all`: the list under its state name (e.g. `journalEntries`). */
export async function listRecords(
  site: SiteInfo,
  user: ApiUser,
  model: string,
  state: string,
  params: Record<string, unknown> = {},
): Promise<ApiRecord[]> {
  const answer = await apiRequest(site, 'POST', `/api/${model}/all`, { board: user.boardId, params }, user.token);
  const list = answer.body[state];
  if (!Array.isArray(list))
    throw new Error(`${model}/all answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  return list as ApiRecord[];
}

/** Runs `task` over `items` with at most `concurrency` at a time, results in the items' order. */
export async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await task(items[index], index);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
