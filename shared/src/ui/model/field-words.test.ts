import { describe, expect, it } from 'vitest';
import { modelFields } from './field-catalog';

/** Words that are a database's, not a person's: a column's suffix, an abbreviation, an enum value left as it is. */
const columnLike = [
  /_/,
  /\bid\b/i,
  /\bcents\b/i,
  /\bnum\b/i,
  /\bden\b/i,
  /\bmin$/i,
  /\burl\b/,
  /^Url\b/,
  /^(Lat|Lon)$/,
  /\s(at)$/i,
  /^Yes no$/,
  /^(Ics|Caldav|Sms)$/,
  /^\d+[a-z]$/,
];

function offending(text: string): boolean {
  return columnLike.some((pattern) => pattern.test(text));
}

describe('the words of the schema-driven screens', () => {
  it('name every field in plain words, never by its column', () => {
    const found = Object.entries(modelFields).flatMap(([model, specs]) =>
      specs.filter((spec) => offending(spec.label)).map((spec) => `${model}.${spec.name}: "${spec.label}"`),
    );
    expect(found).toEqual([]);
  });

  it('name every choice in plain words', () => {
    const found = Object.entries(modelFields).flatMap(([model, specs]) =>
      specs.flatMap((spec) => {
        if (spec.kind.type !== 'select' && spec.kind.type !== 'choices') return [];
        return Object.entries(spec.kind.labels)
          .filter(([, label]) => offending(label))
          .map(([value, label]) => `${model}.${spec.name}=${value}: "${label}"`);
      }),
    );
    expect(found).toEqual([]);
  });

  it('names every value of every choice', () => {
    for (const specs of Object.values(modelFields)) {
      for (const spec of specs) {
        if (spec.kind.type === 'select' || spec.kind.type === 'choices')
          expect(Object.keys(spec.kind.labels)).toEqual(spec.kind.options);
      }
    }
  });

  it('types a price as an amount, never as cents', () => {
    const price = modelFields.program.find((spec) => spec.name === 'price_cents');
    expect(price?.kind).toEqual({ type: 'money', currencyField: 'currency', max: 10_000_000 });
    expect(price?.label).toBe('Price');
  });
});
