import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDraft } from './drafts';
import { useFormDraft } from './use-form-draft';

afterEach(() => localStorage.clear());

describe('useFormDraft', () => {
  it('keeps nothing until a field changes, then survives a remount until reset', () => {
    const first = renderHook(() => useFormDraft('test-form:1', { title: '', count: '3' }));
    expect(loadDraft('test-form:1')).toBeNull();
    act(() => first.result.current[1]({ title: 'Half-typed' }));
    expect(first.result.current[0]).toEqual({ title: 'Half-typed', count: '3' });
    first.unmount();

    const again = renderHook(() => useFormDraft('test-form:1', { title: '', count: '3' }));
    expect(again.result.current[0]).toEqual({ title: 'Half-typed', count: '3' });
    act(() => again.result.current[2]());
    expect(again.result.current[0]).toEqual({ title: '', count: '3' });
    expect(loadDraft('test-form:1')).toBeNull();
  });

  it("reads another form's own draft when the key changes", () => {
    const hook = renderHook(({ formKey }) => useFormDraft(formKey, { title: '' }), {
      initialProps: { formKey: 'test-form:1' },
    });
    act(() => hook.result.current[1]({ title: 'For one' }));
    hook.rerender({ formKey: 'test-form:2' });
    expect(hook.result.current[0]).toEqual({ title: '' });
    act(() => hook.result.current[1]({ title: 'For two' }));
    hook.rerender({ formKey: 'test-form:1' });
    expect(hook.result.current[0]).toEqual({ title: 'For one' });
    expect(loadDraft<{ title: string }>('test-form:2')?.value).toEqual({ title: 'For two' });
  });
});
