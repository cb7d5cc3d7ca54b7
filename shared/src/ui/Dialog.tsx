import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Button } from './Button';
import './tokens.css';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom, the safe choice first. */
  actions?: ReactNode;
  /** Escape or a Close button; not called while `closable` is false (work under way). */
  onClose: () => void;
  closable?: boolean;
  className?: string;
  /** `alertdialog` for a question that interrupts (a confirmation). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The app's one modal dialog, on the native `<dialog>` (`showModal`): the page behind is inert and the browser
 * puts focus on the first control (or the one marked `autoFocus`). Escape closes it, Tab cycles inside it, and
 * focus goes back to where it was when it closes.
 */
export function Dialog({ open, title, children, actions, onClose, closable = true, className, role }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ??
      dialog.querySelector<HTMLElement>('button, [href], input, select, textarea');
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // Handled here rather than by the browser's `cancel`, so that a dialog busy with work stays open.
      event.preventDefault();
      event.stopPropagation();
      if (closable) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const controls = Array.from(
      ref.current.querySelectorAll<HTMLElement>(
        'button:not(:disabled), [href], input:not(:disabled), select, textarea',
      ),
    );
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={className ? `lb-dialog ${className}` : 'lb-dialog'}
      role={role}
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      {actions ? <div className="lb-dialog__actions">{actions}</div> : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question; focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button data-autofocus onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
