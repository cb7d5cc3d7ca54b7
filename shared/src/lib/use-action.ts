import { useState } from 'react';

/**
 * A button's call that answers null when it went through, or the sentence why it failed. `busy` names the
 * call running (for its button's spinner), `error` is the last failure; `run` says whether the call went through.
 */
export function useAction<K extends string | boolean = true>() {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function run(kind: K, call: () => Promise<string | null>): Promise<boolean> {
    setBusy(kind);
    const failed = await call();
    setBusy(null);
    setError(failed);
    return !failed;
  }
  return { busy, error, setError, run };
}
