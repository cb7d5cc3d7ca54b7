/** What the API benches share: an account signed up over HTTP, and timing calls in wall time. */
import { randomBytes } from 'node:crypto';
import { describeTarget, ms, type Target } from '../report';

export const BENCH_PASSWORD = 'bench password 123';

export interface BenchUser {
  email: string;
  token: string;
  userId: number;
  board: number;
  /** POSTs as this user and answers the parsed JSON; a status of 300 or more throws, with the start of the answer. */
  post<T = unknown>(path: string, body: unknown): Promise<T>;
}

/** POSTs JSON as the site does; the caller names the part of the answer it reads. */
export async function postJson<T = unknown>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${new URL(url).pathname}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A new account, signed up as a browser does. */
export async function signUp(baseUrl: string, label: string, extra: Record<string, unknown> = {}): Promise<BenchUser> {
  const email = `${label}-${randomBytes(6).toString('hex')}@bench.lifeboard.local`;
  const registered = await postJson<{ token: string; user: { id: number; default_board_id: number } }>(
    `${baseUrl}/api/register`,
    {
      name: 'Bench',
      email,
      password: BENCH_PASSWORD,
      ...extra,
    },
  );
  const token = String(registered.token);
  return {
    email,
    token,
    userId: registered.user.id,
    board: registered.user.default_board_id,
    post: <T>(path: string, body: unknown) => postJson<T>(`${baseUrl}${path}`, body, token),
  };
}

/**
 * Runs `call` `warmUp` times unmeasured (JIT, prepared statements), then `runs` times one at a time, each after its
 * untimed `prepare`: wall ms, sorted.
 */
export async function timeCalls(
  call: (i: number) => Promise<unknown>,
  {
    warmUp = 10,
    runs = 100,
    prepare,
  }: { warmUp?: number; runs?: number; prepare?: (i: number) => Promise<unknown> } = {},
): Promise<number[]> {
  for (let i = 0; i < warmUp; i += 1) {
    await prepare?.(i);
    await call(i);
  }
  const wall: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await prepare?.(i);
    const started = performance.now();
    await call(i);
    wall.push(performance.now() - started);
  }
  return wall.sort((a, b) => a - b);
}

/** The value below which a share `q` of a sorted list lies. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** A line of p50, p95 and p99 (sorted wall times); with a limit, the target joins the run's summary and its verdict is printed. */
export function timingLine(targets: Target[], name: string, wall: number[], limit?: { q: number; ms: number }): string {
  const cell = (value: number) => value.toFixed(1).padStart(6);
  let verdict = '';
  if (limit) {
    const target: Target = { label: name, value: quantile(wall, limit.q), limit: limit.ms, kind: 'max', format: ms };
    targets.push(target);
    verdict = ` · p${limit.q * 100} ${describeTarget(target)}`;
  }
  return `  ${name.padEnd(56)} p50 ${cell(quantile(wall, 0.5))} p95 ${cell(quantile(wall, 0.95))} p99 ${cell(quantile(wall, 0.99))} ms${verdict}`;
}
