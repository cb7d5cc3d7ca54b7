import { useId, useState } from 'react';
import type {
  InputHTMLAttributes,
  KeyboardEvent,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import './tokens.css';
import './fields.css';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | string[];
  children: ReactNode;
}

function errorText(error: string | string[] | undefined): string {
  return Array.isArray(error) ? error.join(' ') : (error ?? '');
}

/** Label, control, hint and error wired together: the error is announced and linked to the control. */
function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  const message = errorText(error);
  return (
    <div className="lb-field">
      <label className="lb-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className="lb-field__hint">
          {hint}
        </span>
      ) : null}
      {message ? (
        <span id={`${id}-error`} className="lb-field__error" role="alert">
          {message}
        </span>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: string | string[] | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', errorText(error) ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface CommonProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | string[];
}

export type TextFieldProps = CommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled `<input>`; `type` may be text, email, url, date, datetime-local, time, number, color... */
export function TextField({ label, hint, error, className, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...rest}
        id={id}
        className={`lb-input ${className ?? ''}`}
        aria-invalid={errorText(error) ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

export function NumberField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField inputMode="decimal" {...props} type="number" />;
}

export function DateField({ withTime = false, ...props }: Omit<TextFieldProps, 'type'> & { withTime?: boolean }) {
  return <TextField {...props} type={withTime ? 'datetime-local' : 'date'} />;
}

export type TextAreaProps = CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextArea({ label, hint, error, className, ...rest }: TextAreaProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        {...rest}
        id={id}
        className={`lb-input ${className ?? ''}`}
        aria-invalid={errorText(error) ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = CommonProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { options: SelectOption[]; placeholder?: string };

export function Select({ label, hint, error, options, placeholder, className, ...rest }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        {...rest}
        id={id}
        className={`lb-input ${className ?? ''}`}
        aria-invalid={errorText(error) ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export type CheckboxProps = Omit<CommonProps, 'hint'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

export function Checkbox({ label, error, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className="lb-field">
      <span className="lb-check">
        <input
          {...rest}
          id={id}
          type="checkbox"
          aria-invalid={errorText(error) ? true : undefined}
          aria-describedby={errorText(error) ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </span>
      {errorText(error) ? (
        <span id={`${id}-error`} className="lb-field__error" role="alert">
          {errorText(error)}
        </span>
      ) : null}
    </div>
  );
}

export interface TagInputProps extends CommonProps {
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  name?: string;
}

/** Words typed and confirmed with Enter or a comma become tags; Backspace in the empty box removes the last. */
export function TagInput({ label, hint, error, value, onChange, onBlur, name }: TagInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const shownHint = hint ?? 'Press Enter or a comma to add';
  function commit() {
    const tag = text.trim().replace(/,$/, '').trim();
    if (tag && !value.includes(tag)) onChange([...value, tag]);
    setText('');
  }
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  }
  return (
    <FieldFrame id={id} label={label} hint={shownHint} error={error}>
      <div className="lb-tags">
        {value.map((tag) => (
          <span key={tag} className="lb-tag">
            {tag}
            <button type="button" aria-label={`Remove ${tag}`} onClick={() => onChange(value.filter((t) => t !== tag))}>
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          name={name}
          className="lb-input"
          value={text}
          aria-describedby={describedBy(id, shownHint, error)}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            commit();
            onBlur?.();
          }}
        />
      </div>
    </FieldFrame>
  );
}

export interface CheckboxGroupProps extends CommonProps {
  options: SelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** Several choices of one field (weekdays, channels) in a fieldset with its legend. */
export function CheckboxGroup({ label, hint, error, options, value, onChange }: CheckboxGroupProps) {
  return (
    <fieldset className="lb-fieldset">
      <legend className="lb-field__label">{label}</legend>
      <div className="lb-row">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={value.includes(option.value)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, option.value] : value.filter((v) => v !== option.value))
            }
          />
        ))}
      </div>
      {hint ? <span className="lb-field__hint">{hint}</span> : null}
      {errorText(error) ? (
        <span className="lb-field__error" role="alert">
          {errorText(error)}
        </span>
      ) : null}
    </fieldset>
  );
}

export interface RatingInputProps extends Omit<CommonProps, 'hint'> {
  /** '' (no rating) or '1'…'5'. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
}

/** A 1–5 rating as five radio buttons drawn as stars (arrow keys move, as in any radio group), plus "No rating". */
export function RatingInput({ label, error, value, onChange, name }: RatingInputProps) {
  const group = useId();
  const chosen = Number(value) || 0;
  return (
    <fieldset className="lb-fieldset lb-rating">
      <legend className="lb-field__label">{label}</legend>
      <div className="lb-rating__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="lb-rating__star" data-on={n <= chosen || undefined}>
            <input
              type="radio"
              className="lb-visually-hidden"
              name={name ?? group}
              value={String(n)}
              checked={chosen === n}
              aria-label={n === 1 ? '1 star' : `${n} stars`}
              onChange={() => onChange(String(n))}
            />
            <span aria-hidden="true">{n <= chosen ? '★' : '☆'}</span>
          </label>
        ))}
        <label className="lb-rating__none">
          <input type="radio" name={name ?? group} value="" checked={chosen === 0} onChange={() => onChange('')} /> No
          rating
        </label>
      </div>
      {errorText(error) ? (
        <span className="lb-field__error" role="alert">
          {errorText(error)}
        </span>
      ) : null}
    </fieldset>
  );
}
