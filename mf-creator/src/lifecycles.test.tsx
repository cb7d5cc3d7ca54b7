import { describe, expect, it } from 'vitest';
import { mountAreaAt } from '@lifeboard/shared/area/test-parcel';
import * as lifecycles from './lifecycles';

describe('mf-creator lifecycles', () => {
  it('mounts the area into the given element and removes it on unmount', async () => {
    const area = await mountAreaAt(lifecycles, '/programs');
    expect(area.element.querySelector('[data-area="mf_creator"]')).not.toBeNull();
    await area.unmount();
    expect(area.element.innerHTML).toBe('');
  });
});
