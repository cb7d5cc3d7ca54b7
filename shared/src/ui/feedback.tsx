import type { ReactNode } from 'react';
import type { Load } from '../api/use-api-get';
import { Button } from './Button';
import './tokens.css';
import './feedback.css';
import './fields.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** The call to action, e.g. a button that opens the create form. */
  action?: ReactNode;
}

export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className="lb-empty">
      <h2>{title}</h2>
      {description ? <p>{description}</p> : null}
      {action}
    </div>
  );
}

export interface ErrorPanelProps {
  title?: ReactNode;
  message: ReactNode;
  /** A stable error code (`LB-NETWORK`...) people can quote to support. */
  code?: string;
  onRetry?: () => void;
}

export function ErrorPanel({ title = 'Something went wrong', message, code, onRetry }: ErrorPanelProps) {
  return (
    <div className="lb-error-panel" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      <div className="lb-row">
        {onRetry ? <Button onClick={onRetry}>Retry</Button> : null}
        {code ? <code>Code: {code}</code> : null}
      </div>
    </div>
  );
}

/**
 * Why an action failed, beside its buttons; nothing without a message. `inline`: in the line of the buttons,
 * after a space, rather than a paragraph of its own.
 */
export function ActionProblem({ message, inline = false }: { message: string | null; inline?: boolean }) {
  if (!message) return null;
  return inline ? (
    <span role="alert" className="lb-field__error">
      {' '}
      {message}
    </span>
  ) : (
    <p role="alert" className="lb-field__error">
      {message}
    </p>
  );
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <span role="status" className="lb-row">
      <span className="lb-spinner" aria-hidden="true" />
      <span className="lb-visually-hidden">{label}</span>
    </span>
  );
}

/** Placeholder lines shown while a list loads for the first time. */
export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="lb-skeleton" />
      ))}
    </div>
  );
}

/**
 * What a screen shows of a GET (`useApiGet`) until it is ready: skeleton lines while it loads, then why it
 * failed, with a retry. `what` names the thing for that sentence: "Your coupons" → "Your coupons could not be
 * loaded: …". Nothing once ready.
 */
export function NotLoaded({
  load,
  what,
  lines = 3,
  code,
}: {
  load: Load<unknown> & { reload: () => void };
  what: string;
  lines?: number;
  /** As ErrorPanel's: a stable error code to quote. */
  code?: string;
}) {
  if (load.state === 'loading') return <Skeleton lines={lines} />;
  if (load.state === 'ready') return null;
  return (
    <ErrorPanel
      message={`${what} could not be loaded: ${load.state === 'failed' ? load.message : 'not found'}`}
      code={code}
      onRetry={load.reload}
    />
  );
}
