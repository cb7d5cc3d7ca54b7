import { useCallback, useRef, useState } from 'react';
import { discardDraft, loadDraft, saveDraft } from './drafts';

function withDraft<T extends object>(formKey: string, initial: T): T {
  const draft = loadDraft<Partial<T>>(formKey);
  return draft && typeof draft.value === 'object' && draft.value !== null ? { ...initial, ...draft.value } : initial;
}

/**
 * A form's fields kept as a draft (architecture.md property 4): what the user typed survives a reload or a
 * remount until `reset` is called after a successful save. Nothing is stored until the user changes a field.
 * A new `formKey` (another record's form) reads that form's own draft.
 */
export function useFormDraft<T extends object>(
  formKey: string,
  initial: T,
): [value: T, update: (patch: Partial<T>) => void, reset: () => void] {
  const [state, setState] = useState(() => ({ formKey, value: withDraft(formKey, initial) }));
  let current = state;
  if (state.formKey !== formKey) {
    current = { formKey, value: withDraft(formKey, initial) };
    setState(current);
  }
  const update = useCallback((patch: Partial<T>) => {
    setState((previous) => {
      const value = { ...previous.value, ...patch };
      saveDraft(previous.formKey, value);
      return { formKey: previous.formKey, value };
    });
  }, []);
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const reset = useCallback(() => {
    discardDraft(formKey);
    setState({ formKey, value: initialRef.current });
  }, [formKey]);
  return [current.value, update, reset];
}
