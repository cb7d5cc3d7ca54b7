import { describe, expect, it } from 'vitest';
import { createSchema, findModel, modelNames, models, updateSchema } from './index';
import { isoDate } from './fields';
import { userUpdateFields } from './user';

describe('model registry', () => {
  it('holds the spec models and the collection models, each with a unique state name', () => {
    expect(modelNames).toHaveLength(41);
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
      for (const field of [...def.searchable, ...def.richText, ...def.required, def.titleField]) expect(keys).toContain(field);
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

describe('field rules', () => {
  it('accepts only dates that exist', () => {
    expect(isoDate.safeParse('2024-02-29').success).toBe(true);
    expect(isoDate.safeParse('2023-02-29').success).toBe(false);
    expect(isoDate.safeParse('2023-13-01').success).toBe(false);
  });

  it('validates timezone, phone and location', () => {
    expect(userUpdateFields.timezone.safeParse('Europe/London').success).toBe(true);
    expect(userUpdateFields.timezone.safeParse('Mars/Olympus').success).toBe(false);
    expect(userUpdateFields.phone_number.safeParse('+14155550123').success).toBe(true);
    expect(userUpdateFields.phone_number.safeParse('0123').success).toBe(false);
    expect(userUpdateFields.location.safeParse('51.5,-0.12').success).toBe(true);
    expect(userUpdateFields.location.safeParse('91,0').success).toBe(false);
  });
});
