import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAction } from './use-action';

describe('useAction', () => {
  it('names the call running, keeps the last failure and says whether the call went through', async () => {
    const { result } = renderHook(() => useAction<'refund' | 'decline'>());
    let finish: (failed: string | null) => void = () => undefined;
    let went: Promise<boolean> = Promise.resolve(false);
    act(() => {
      went = result.current.run('refund', () => new Promise((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe('refund');
    await act(async () => {
      finish('The sale is past its refund window.');
      expect(await went).toBe(false);
    });
    expect(result.current.busy).toBeNull();
    expect(result.current.error).toBe('The sale is past its refund window.');
    await act(async () => {
      expect(await result.current.run('decline', () => Promise.resolve(null))).toBe(true);
    });
    expect(result.current.error).toBeNull();
  });
});
