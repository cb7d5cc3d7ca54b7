import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { createSchema, models } from '@lifeboard/shared/models';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { FormAlert, TextField, failureMessage, serverMessages, useDraft } from '../auth/form-parts';
import { pathMessages, readFields } from './data-fields';
import type { DataField } from './data-fields';
import { DataChart } from './data-chart';
import type { ChartPoint } from './data-chart';
import '../auth/forms.css';
import '../account/account.css';
import './data.css';

const recordInput = createSchema(models.user_data_record);

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The typed text as the value stored for a field: numbers as numbers, blanks as null. */
function toValue(field: DataField, text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (field.kind === 'number') return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
  return trimmed;
}

function FieldInput({
  field,
  value,
  onChange,
  error,
}: {
  field: DataField;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const name = `value-${field.name}`;
  const label = field.unit ? `${field.name} (${field.unit})` : field.name;
  if (field.kind === 'choice') {
    return (
      <div className="lb-field">
        <label htmlFor={`field-${name}`}>{label}</label>
        <select id={`field-${name}`} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">—</option>
          {(field.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        {error ? <p className="lb-field-error">{error}</p> : null}
      </div>
    );
  }
  const type = field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text';
  return <TextField label={label} name={name} type={type} value={value} onChange={onChange} error={error} />;
}

type TypeRecord = ModelRecord<'user_data_type'>;

/** `/data/:id`: the records of one data type, a form with an input per field, a chart per number field. */
export default function DataType() {
  const id = Number(useParams().id);
  const types = useCollection('user_data_type');
  const records = useCollection('user_data_record');
  const [fetched, setFetched] = useState<TypeRecord | null | undefined>(undefined);
  const listed = types.items.find((t) => t.id === id);
  const type = listed ?? fetched ?? null;
  const fields = useMemo(() => readFields(type?.fields), [type]);
  const [form, update, , reset] = useDraft<{ date: string; values: Record<string, string> }>(`data:${id}:new-record`, {
    date: today(),
    values: {},
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    // A direct visit may come before the list has this type: ask for it by id.
    if (listed || !Number.isInteger(id) || id <= 0) return;
    let live = true;
    void types.collection.get(id).then((result) => {
      if (live) setFetched(result.ok ? result.data : null);
    });
    return () => {
      live = false;
    };
  }, [id, listed, types.collection]);

  const mine = useMemo(
    () =>
      records.items
        .filter((r) => r.type_id === id)
        .sort((a, b) => String(a.date ?? '').localeCompare(String(b.date ?? ''))),
    [records.items, id],
  );

  function charted(field: DataField): ChartPoint[] {
    return mine.flatMap((r) => {
      const value = r.values?.[field.name];
      return typeof value === 'number' && typeof r.date === 'string' ? [{ date: r.date, value }] : [];
    });
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const values = Object.fromEntries(fields.map((f) => [f.name, toValue(f, form.values[f.name] ?? '')]));
    const problems: Record<string, string> = {};
    for (const f of fields)
      if (f.kind === 'number' && typeof values[f.name] === 'string') problems[`values.${f.name}`] = 'must be a number';
    const check = recordInput.safeParse({ type_id: id, date: form.date, values });
    if (!check.success) Object.assign(problems, pathMessages(check.error));
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !check.success) return;
    const result = await records.collection.create(check.data);
    if (!result.ok) {
      setErrors(serverMessages(result.error));
      setMessage(failureMessage(result.error));
      return;
    }
    setMessage(null);
    reset();
  }

  if (!type) {
    const missing = fetched === null || !Number.isInteger(id) || id <= 0;
    return (
      <div className="lb-page">
        <p role={missing ? 'alert' : 'status'}>
          {missing ? 'This data type was not found on the current board.' : 'Loading…'}
        </p>
        <Link to="/data">All data types</Link>
      </div>
    );
  }

  return (
    <div className="lb-page">
      <p>
        <Link to="/data">All data types</Link>
      </p>
      <h1>{type.name}</h1>
      {fields
        .filter((f) => f.kind === 'number')
        .map((f) => (
          <DataChart key={f.name} title={f.name} unit={f.unit} points={charted(f)} />
        ))}
      <section className="lb-section" aria-labelledby="records-new">
        <h2 id="records-new">Add a record</h2>
        <form className="lb-form" onSubmit={(event) => void add(event)} noValidate>
          <FormAlert message={message} />
          <TextField
            label="Date"
            name="record-date"
            type="date"
            value={form.date}
            onChange={(date) => update({ date })}
            error={errors.date}
          />
          {fields.map((f) => (
            <FieldInput
              key={f.name}
              field={f}
              value={form.values[f.name] ?? ''}
              error={errors[`values.${f.name}`]}
              onChange={(text) => update({ values: { ...form.values, [f.name]: text } })}
            />
          ))}
          <button className="lb-button" type="submit">
            Add record
          </button>
        </form>
      </section>
      <section className="lb-section" aria-labelledby="records-list">
        <h2 id="records-list">Records</h2>
        {mine.length === 0 ? (
          <p>No records yet.</p>
        ) : (
          <table className="lb-records">
            <thead>
              <tr>
                <th scope="col">Date</th>
                {fields.map((f) => (
                  <th key={f.name} scope="col">
                    {f.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...mine].reverse().map((r) => (
                <tr key={r.id}>
                  <td>{r.date}</td>
                  {fields.map((f) => (
                    <td key={f.name}>{r.values?.[f.name] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {records.hasMore ? (
          <button
            className="lb-button lb-button-quiet"
            type="button"
            onClick={() => void records.collection.loadMore()}
          >
            Load older records
          </button>
        ) : null}
      </section>
    </div>
  );
}
