import { useCallback, useEffect, useRef, useState } from 'react';
import type { PasswordVerdict } from '@lifeboard/shared/lib/password-strength';
import type { ChangeEvent, ReactNode } from 'react';
import type { ApiError } from '@lifeboard/shared/api/errors';
import { RateLimitError, ValidationError } from '@lifeboard/shared/api/errors';
import { discardDraft, loadDraft, saveDraft } from '@lifeboard/shared/stores/drafts';
import './forms.css';

/** One message per field name, as shown beside the input. */
export type FieldMessages = Record<string, string>;

/**
 * Form state that is also kept as a draft (architecture.md property 4): what the user typed survives a
 * reload or a remount until `discard` is called after a successful save. Never put passwords in it.
 */
export function useDraft<T extends object>(
  formKey: string,
  initial: T,
): [value: T, update: (patch: Partial<T>) => void, discard: () => void, reset: () => void] {
  const [value, setValue] = useState<T>(() => {
    const draft = loadDraft<Partial<T>>(formKey);
    return draft ? { ...initial, ...draft.value } : initial;
  });
  const update = useCallback(
    (patch: Partial<T>) => {
      setValue((previous) => {
        const next = { ...previous, ...patch };
        saveDraft(formKey, next);
        return next;
      });
    },
    [formKey],
  );
  const discard = useCallback(() => discardDraft(formKey), [formKey]);
  // After a save: an empty form again, and no draft. `initial` is read when called, not kept.
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const reset = useCallback(() => {
    discardDraft(formKey);
    setValue(initialRef.current);
  }, [formKey]);
  return [value, update, discard, reset];
}

/** The first message of each field of a zod error, keyed by the top-level field name. */
/** What the shared zod schemas report (kept structural: the shell does not depend on zod itself). */
export interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

export function zodMessages(error: SchemaIssues): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/** The contract's 422 `errors` map, first reason per field. */
export function serverMessages(error: ApiError): FieldMessages {
  if (!(error instanceof ValidationError)) return {};
  const out: FieldMessages = {};
  for (const [field, reasons] of Object.entries(error.fieldErrors)) if (reasons[0]) out[field] = reasons[0];
  return out;
}

/** The sentence shown above a form when a call fails. */
export function failureMessage(error: ApiError): string {
  if (error instanceof RateLimitError) return 'Too many attempts. Please wait a minute, then try again.';
  if (error.status === 0) return 'The server could not be reached. Your entries are kept; please try again.';
  return error.message;
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number' | 'date' | 'color';
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  required,
  hint,
}: TextFieldProps) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="lb-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="lb-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="lb-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = Pick<TextFieldProps, 'value' | 'onChange' | 'error' | 'required'>;

/** The account's e-mail, as the sign-in, sign-up and password forms ask for it. */
export function EmailField(props: FieldProps) {
  return <TextField label="E-mail" name="email" type="email" autoComplete="email" {...props} />;
}

/** The second typing of a new password, which must match the first. */
export function PasswordAgainField(props: FieldProps) {
  return (
    <TextField label="New password again" name="confirmation" type="password" autoComplete="new-password" {...props} />
  );
}

/** A form's submit button: it says what is happening and takes no second press while the call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  danger = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  danger?: boolean;
}) {
  return (
    <button className={danger ? 'lb-button lb-button-danger' : 'lb-button'} type="submit" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

export function FormAlert({ message, kind = 'error' }: { message: string | null; kind?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`lb-form-alert lb-form-alert-${kind}`}>
      {message}
    </p>
  );
}

type JudgePassword = (password: string, userInputs?: readonly string[]) => PasswordVerdict;
let judgeLoading: Promise<JudgePassword> | undefined;

/** The strength estimator with its ~1 MB dictionary: its own chunk, fetched only once a new password is typed. */
function loadJudge(): Promise<JudgePassword> {
  judgeLoading ??= import('@lifeboard/shared/lib/password-strength').then((module) => module.judgePassword);
  judgeLoading.catch(() => {
    judgeLoading = undefined;
  });
  return judgeLoading;
}

/** The verdict on a new password as it is typed (null while empty or while the estimator loads). */
export function usePasswordStrength(password: string, userInputs: readonly string[] = []): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const inputsKey = userInputs.join('\n');
  useEffect(() => {
    if (!password) {
      setVerdict(null);
      return undefined;
    }
    let current = true;
    loadJudge()
      .then((judge) => {
        if (current) setVerdict(judge(password, inputsKey ? inputsKey.split('\n') : []));
      })
      // Without the estimator the server still judges the password on submit; the form says nothing more.
      .catch(() => {
        if (current) setVerdict(null);
      });
    return () => {
      current = false;
    };
  }, [password, inputsKey]);
  return verdict;
}

interface NewPasswordFieldProps {
  label: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  /** The person's name and e-mail: a password built on them is weak. */
  userInputs?: readonly string[];
}

/** A new-password input with a strength meter (the same estimate the server refuses weak passwords with). */
export function NewPasswordField({
  label,
  name = 'password',
  value,
  onChange,
  error,
  required,
  userInputs,
}: NewPasswordFieldProps) {
  const verdict = usePasswordStrength(value, userInputs);
  const hint = (
    <span className="lb-password-strength" aria-live="polite">
      {verdict ? (
        <>
          <meter min={0} max={4} low={2} high={3} optimum={4} value={verdict.score} aria-label="Strength" /> Strength:{' '}
          {verdict.label}.{verdict.advice ? ` ${verdict.advice}` : ''}
        </>
      ) : (
        'At least 10 characters, hard to guess: a few words that do not belong together work well.'
      )}
    </span>
  );
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required={required}
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
    />
  );
}
