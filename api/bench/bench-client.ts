import { randomBytes } from 'node:crypto';

/** The big board's notes (BENCH_NOTES; 100,000 by default). */
export const BIG = Number(process.env.BENCH_NOTES ?? 100_000);
export const SMALL = 1_000;
export const BENCH_PASSWORD = 'bench password 123';

export interface BenchAccount {
  email: string;
  token: string;
  userId: number;
  /** The default board, seeded with 100,000 notes. */
  bigBoard: number;
  /** A second board, seeded with 1,000 notes. */
  smallBoard: number;
}

/** Signs a fresh account up over HTTP, exactly as a browser would, and makes its second board. */
export async function createBenchAccount(baseUrl: string, password: string): Promise<BenchAccount> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const email = `bench-${randomBytes(6).toString('hex')}@bench.lifeboard.local`;
  const registered = await post('/api/register', { name: 'Bench User', email, password });
  const token = registered.token as string;
  const user = registered.user as { id: number; default_board_id: number };
  const board = (await post('/api/board/create', { name: 'Small board' }, token)).board as { id: number };
  return { email, token, userId: user.id, bigBoard: user.default_board_id, smallBoard: board.id };
}

/** What the server process prints (after `READY `) once it is seeded and listening. */
export interface ServerReady {
  url: string;
  bareUrl: string;
  database: string;
  seedSeconds: number;
  account: BenchAccount;
  bigIds: number[];
  smallIds: number[];
  deepCursor: string;
}
