import { describe, expect, it } from 'vitest';
import { models } from '../../models/index';
import { displayValue } from './display';
import { fieldSpecs } from './field-kinds';
import { initialValues, toPayload } from './form-values';
import { validatePayload } from './validate';
import { excerpt, htmlToText, textToHtml } from './rich-text';

const kindsOf = (name: keyof typeof models) =>
  Object.fromEntries(fieldSpecs(models[name]).map((s) => [s.name, s.kind.type]));

describe('fieldSpecs', () => {
  it('chooses inputs from the zod fields', () => {
    expect(kindsOf('habit')).toMatchObject({
      title: 'text',
      description: 'textarea',
      goal_id: 'reference',
      kind: 'select',
      frequency_num: 'number',
      weekdays: 'weekdays',
      reminder_times: 'tags',
      color: 'color',
    });
    expect(kindsOf('habit')).not.toHaveProperty('position');
    // Archiving is an action, not a date typed in a form.
    expect(kindsOf('habit')).not.toHaveProperty('archived_at');
    expect(kindsOf('journal_entry')).toMatchObject({
      body: 'richtext',
      date: 'date',
      tags: 'tags',
      mood_id: 'reference',
    });
    expect(kindsOf('note')).toMatchObject({ pinned: 'checkbox' });
    expect(kindsOf('routine')).toMatchObject({ steps: 'lines', time_of_day: 'time' });
    expect(kindsOf('reminder')).toMatchObject({ channels: 'channels' });
    const level = fieldSpecs(models.skill).find((s) => s.name === 'level');
    expect(level?.kind).toEqual({ type: 'number', min: 1, max: 5, integer: true });
  });

  it("gives the registry's rating field a star input and names choices by the model's option labels", () => {
    const specs = fieldSpecs(models.book);
    expect(specs.find((s) => s.name === 'rating')?.kind).toEqual({ type: 'rating' });
    expect(specs.find((s) => s.name === 'status')?.kind).toEqual({
      type: 'select',
      options: ['want', 'reading', 'read'],
      labels: { want: 'Want to read', reading: 'Reading', read: 'Read' },
    });
    const rating = specs.find((s) => s.name === 'rating');
    const status = specs.find((s) => s.name === 'status');
    const book = { id: 1, board_id: 1, created_at: '', updated_at: '', rating: 4, status: 'want' };
    expect(rating && displayValue(rating, book)).toBe('★★★★☆');
    expect(status && displayValue(status, book)).toBe('Want to read');
    const values = { ...initialValues(specs), title: 'Emma', rating: '5' };
    expect(toPayload(specs, values)).toMatchObject({ title: 'Emma', rating: 5 });
  });

  it('types and shows a price as an amount of its currency, and sends cents', () => {
    const specs = fieldSpecs(models.program);
    const price = specs.find((s) => s.name === 'price_cents')!;
    const program = {
      id: 1,
      board_id: 1,
      created_at: '',
      updated_at: '',
      title: 'Run',
      price_cents: 2900,
      currency: 'EUR',
    };
    expect(displayValue(price, program)).toBe('29.00 EUR');
    expect(displayValue(price, { ...program, price_cents: 0 })).toBe('Free');
    const values = initialValues(specs, program);
    expect(values.price_cents).toBe('29.00');
    expect(toPayload(specs, { ...values, price_cents: '19.99' }, program)).toEqual({ price_cents: 1999 });
  });
});

describe('form values', () => {
  const specs = fieldSpecs(models.note);
  it('round-trips rich text as plain paragraphs and sends only what changed on update', () => {
    const record = {
      id: 3,
      board_id: 1,
      created_at: '',
      updated_at: '',
      title: 'A',
      body: '<p>One &amp; two</p><p>Three</p>',
      pinned: false,
    };
    const values = initialValues(specs, record);
    expect(values.body).toBe('One & two\nThree');
    expect(toPayload(specs, values, record)).toEqual({});
    expect(toPayload(specs, { ...values, body: 'x <b>y</b>' }, record)).toEqual({
      body: '<p>x &lt;b&gt;y&lt;/b&gt;</p>',
    });
  });

  it('reports schema messages with the field label', () => {
    const payload = toPayload(specs, { ...initialValues(specs), title: 'x'.repeat(201) });
    expect(validatePayload('note', specs, payload, true).title).toEqual(['Title must be at most 200 characters']);
    expect(validatePayload('book', fieldSpecs(models.book), {}, true).title).toEqual(['Title is required']);
    expect(validatePayload('no_such_model', specs, {}, true)).toEqual({ _form: ['Unknown model: no_such_model'] });
  });

  it('turns empty optional numbers into null and lines into titled items', () => {
    const goal = fieldSpecs(models.goal);
    const record = { id: 1, board_id: 1, created_at: '', updated_at: '', title: 'G', target_value: 5 };
    expect(toPayload(goal, { ...initialValues(goal, record), target_value: '' }, record)).toEqual({
      target_value: null,
    });
    // (A goal's milestones and a project's tasks are edited on their pages; a routine's steps are the form's lines.)
    const routine = fieldSpecs(models.routine);
    const stored = {
      id: 1,
      board_id: 1,
      created_at: '',
      updated_at: '',
      title: 'R',
      steps: [{ title: 'a', duration_min: 5 }],
    };
    expect(toPayload(routine, { ...initialValues(routine, stored), steps: 'A\nb' }, stored)).toEqual({
      steps: [{ title: 'A', duration_min: 5 }, { title: 'b' }],
    });
  });
});

describe('rich text', () => {
  it('shows text, never markup, and drops scripts', () => {
    expect(htmlToText('<p>Hi<script>alert(1)</script></p><ul><li>a</li><li>b</li></ul>')).toBe('Hi\na\nb');
    expect(excerpt('<p>' + 'word '.repeat(50) + '</p>', 20)).toHaveLength(20);
    expect(textToHtml('a\n\nb\n')).toBe('<p>a</p><p><br></p><p>b</p>');
  });
});
