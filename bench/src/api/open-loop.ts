/**
 * An open-loop load: one request every 1/rate seconds, whatever the answers do, as independent users
 * arrive. autocannon's `overallRate` is closed-loop per connection with a per-second quota, so its
 * connections fire their share back to back at the top of each second: for sign-in that is several
 * argon2id hashes at once on two cores, a burst no real arrival pattern makes.
 */
export interface OpenLoopResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `init` may be a function of the request's number (a header of its own per request). */
export async function openLoop(
  url: string,
  init: RequestInit | ((i: number) => RequestInit),
  rate: number,
  seconds: number,
): Promise<OpenLoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i += 1) {
    // Sleep until this request's slot; slots are fixed in advance, so a slow answer never delays the next one.
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    pending.push(
      fetch(url, typeof init === 'function' ? init(i) : init).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - sent);
          else errors += 1;
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
  };
}
