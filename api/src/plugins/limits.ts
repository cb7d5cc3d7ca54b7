/** Abuse limits; tests and the benchmark may raise them, production uses the defaults. */
export interface Limits {
  loginPerIpPerMinute: number;
  loginFailuresPerAccountPerMinute: number;
  signupPerIpPerMinute: number;
  passwordEmailPerIpPerMinute: number;
  /** Counted in the database (sent invitations of the last hour), so it holds across instances. */
  invitationsPerUserPerHour: number;
}

export const defaultLimits: Limits = {
  loginPerIpPerMinute: 20,
  loginFailuresPerAccountPerMinute: 5,
  signupPerIpPerMinute: 10,
  passwordEmailPerIpPerMinute: 5,
  invitationsPerUserPerHour: 20,
};

/**
 * Counts failures per key in a fixed one-minute window (per instance; see README for several instances).
 * Only failures count, so a user who signs in correctly is never slowed down by this counter.
 */
export class FailureWindow {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly max: number, private readonly windowMs = 60_000) {}

  /** Seconds to wait before the next attempt, or 0 when allowed. */
  retryAfter(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return 0;
    return window.count >= this.max ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  record(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.prune(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      window.count += 1;
    }
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
