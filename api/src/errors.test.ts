import { describe, expect, it } from 'vitest';
import { issuesToFields } from './errors';

describe('issuesToFields', () => {
  it('groups messages under keys named like Object.prototype members without touching the prototype', () => {
    const fields = issuesToFields([
      { path: ['params'], message: 'Unrecognized keys', code: 'unrecognized_keys', keys: ['constructor', 'toString', 'hasOwnProperty', '__proto__'] },
      { path: ['params', 'valueOf'], message: 'Required' },
      { path: ['params', 'valueOf'], message: 'Too short' },
    ]);
    expect(fields.constructor).toEqual(['is not a known field']);
    expect(fields.toString).toEqual(['is not a known field']);
    expect(fields.hasOwnProperty).toEqual(['is not a known field']);
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
    expect(fields.valueOf).toEqual(['Required', 'Too short']);
    expect(JSON.parse(JSON.stringify(fields))).toEqual(fields);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});
