import { describe, expect, it } from 'vitest';
import { createSchema, findModel, modelNames, models, updateSchema } from './index';
import { isoDate, isoInstant } from './fields';
import { userUpdateFields } from './user';

describe('model registry', () => {
  it('holds the spec models and the collection models, each with a unique state name', () => {
    expect(modelNames).toHaveLength(43);
    const states = modelNames.map((name) => models[name].state);
    expect(new Set(states).size).toBe(states.length);
    expect(models.habit.state).toBe('habits');
    expect(models.plannedactivity.state).toBe('plannedActivities');
  });

  it('does not resolve prototype keys as models', () => {
    expect(findModel('__proto__')).toBeUndefined();
    expect(findModel('constructor')).toBeUndefined();
    expect(findModel('habit')?.name).toBe('habit');
  });

  it('declares only real fields as searchable, rich text and dates', () => {
    for (const name of modelNames) {
      const def = models[name];
      const keys = Object.keys(def.fields.shape);
      for (const field of [...def.searchable, ...def.richText, ...def.required, def.titleField])
        expect(keys).toContain(field);
      if (def.dateField) expect(keys).toContain(def.dateField);
    }
  });

  it('rejects unknown fields and missing required fields on create', () => {
    const schema = createSchema(models.habit);
    expect(schema.safeParse({ title: 'Read' }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ title: 'Read', owner: 1 }).success).toBe(false);
    expect(updateSchema(models.habit).safeParse({ kind: 'at_least' }).success).toBe(true);
  });
});

describe('server-owned fields', () => {
  it('are presented but never writable: a create or update naming one is refused', () => {
    for (const [def, field] of [
      [models.program, 'guid'],
      [models.shared_page, 'slug'],
    ] as const) {
      expect(def.fields.shape).toHaveProperty(field);
      expect(createSchema(def).shape).not.toHaveProperty(field);
      expect(updateSchema(def).safeParse({ [field]: 'abcdefgh12345678' }).success).toBe(false);
    }
    expect(createSchema(models.program).safeParse({ title: 'Mine' }).success).toBe(true);
  });
});

describe('field rules', () => {
  it('accepts only dates that exist', () => {
    expect(isoDate.safeParse('2024-02-29').success).toBe(true);
    expect(isoDate.safeParse('2023-02-29').success).toBe(false);
    expect(isoDate.safeParse('2023-13-01').success).toBe(false);
  });

  it('accepts the years 0001–0099 as dates (not read as 19xx) and refuses the year 0000', () => {
    expect(isoDate.safeParse('0001-01-01').success).toBe(true);
    expect(isoDate.safeParse('0099-12-31').success).toBe(true);
    expect(isoDate.safeParse('0004-02-29').success).toBe(true);
    expect(isoDate.safeParse('0003-02-29').success).toBe(false);
    expect(isoDate.safeParse('0000-01-01').success).toBe(false);
    expect(isoDate.safeParse('9999-12-31').success).toBe(true);
  });

  it('bounds instants to the years 0001–9999 in UTC, offsets included', () => {
    expect(isoInstant.safeParse('2026-01-31T08:00:00.000Z').success).toBe(true);
    expect(isoInstant.safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    expect(isoInstant.safeParse('9999-12-31T23:59:59.999Z').success).toBe(true);
    expect(isoInstant.safeParse('9999-12-31T23:00:00+02:00').success).toBe(true);
    const refused = [
      '0000-06-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:59:59-01:00',
      '9999-12-31T22:00:00-02:30',
    ];
    for (const value of refused) {
      const result = isoInstant.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be between the years 0001 and 9999 (UTC)');
    }
  });

  it('validates timezone, phone and location', () => {
    expect(userUpdateFields.timezone.safeParse('Europe/London').success).toBe(true);
    expect(userUpdateFields.timezone.safeParse('Mars/Olympus').success).toBe(false);
    expect(userUpdateFields.phone_number.safeParse('+14155550123').success).toBe(true);
    expect(userUpdateFields.phone_number.safeParse('0123').success).toBe(false);
    // Typed as people write them, kept in E.164.
    expect(userUpdateFields.phone_number.parse(' +44 7700 900123 ')).toBe('+447700900123');
    expect(userUpdateFields.phone_number.parse('+1 (415) 555-0123')).toBe('+14155550123');
    expect(userUpdateFields.phone_number.parse('+33.6.12.34.56.78')).toBe('+33612345678');
    expect(userUpdateFields.phone_number.parse(null)).toBeNull();
    for (const bad of ['07700 900123', '+0 7700 900123', '+44 7700 9001x3', '+1234', '+1234567890123456', '']) {
      expect(userUpdateFields.phone_number.safeParse(bad).error?.issues[0]?.message).toBe(
        'must be an international number: + and the country code, then the number, e.g. +44 7700 900123',
      );
    }
    expect(userUpdateFields.location.safeParse('51.5,-0.12').success).toBe(true);
    expect(userUpdateFields.location.safeParse('91,0').success).toBe(false);
  });
});
