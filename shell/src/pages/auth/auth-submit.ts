import { useState } from 'react';
import type { FormEvent } from 'react';
import { codeUnavailableMessage } from './deferred';
import type { FieldMessages } from './form-parts';

/** What a form shows after a send that did not go through: messages beside its fields, and one above them. */
export interface SendFailure {
  errors?: FieldMessages;
  message?: string | null;
}

/**
 * The one submit path of the sign-in, sign-up, reset and forgot-password forms: one send at a time; the form's
 * deferred code (schemas, the HTTP client) loaded first, and when it can't be (offline) a message, with what was
 * typed left in place; then the form's `send`, which answers what to show, or nothing once it has gone on.
 */
export function useAuthSubmit<Code>(load: () => Promise<Code>, send: (code: Code) => Promise<SendFailure | undefined>) {
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(): Promise<void> {
    const code = await load().catch(() => null);
    if (code === null) {
      setMessage(codeUnavailableMessage);
      return;
    }
    const failure = await send(code);
    setErrors(failure?.errors ?? {});
    setMessage(failure?.message ?? null);
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void run().finally(() => setBusy(false));
  }

  return { submit, errors, message, busy };
}
