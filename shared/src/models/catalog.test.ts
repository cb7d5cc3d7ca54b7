import { describe, expect, it } from 'vitest';
import { modelTraits, traitsOf } from './catalog';
import { findModel, modelNames } from './index';

describe('the model catalog', () => {
  it("has every model of the registry, with the registry's label, plural, state name, title field, single flag and order", () => {
    expect(Object.keys(modelTraits).sort()).toEqual([...modelNames].sort());
    for (const name of modelNames) {
      const def = findModel(name)!;
      expect(traitsOf(name), name).toEqual({
        label: def.label,
        plural: def.plural,
        state: def.state,
        titleField: def.titleField,
        ...(def.single ? { single: true } : {}),
        ...(def.order.kind === 'position' ? { positional: true } : {}),
      });
    }
  });

  it('knows no other name', () => {
    expect(traitsOf('unknown_model')).toBeUndefined();
    expect(traitsOf('__proto__')).toBeUndefined();
  });
});
