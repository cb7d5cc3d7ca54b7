import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { createSchema, models } from '@lifeboard/shared/models';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { FormAlert, TextField, failureMessage, serverMessages, useDraft } from '../auth/form-parts';
import { emptyField, fieldKinds, isFieldKind, pathMessages, readFields, toDataFields } from './data-fields';
import type { DraftField } from './data-fields';
import { ExportAccount } from '../account/export-account';
import '../auth/forms.css';
import '../account/account.css';
import './data.css';

const typeInput = createSchema(models.user_data_type);

/** `/data`: the user's own data types (e.g. "Weight": a number in kg) and a builder for new ones. */
export default function Data() {
  const { collection, items, status, error } = useCollection('user_data_type');
  const [form, update, , reset] = useDraft('data:new-type', { name: '', fields: [emptyField] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function setRow(index: number, patch: Partial<DraftField>) {
    update({ fields: form.fields.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const check = typeInput.safeParse({ name: form.name.trim(), fields: toDataFields(form.fields) });
    if (!check.success) {
      setErrors(pathMessages(check.error));
      return;
    }
    setBusy(true);
    const result = await collection.create(check.data);
    setBusy(false);
    if (!result.ok) {
      setErrors(serverMessages(result.error));
      setMessage(failureMessage(result.error));
      return;
    }
    setErrors({});
    setMessage(null);
    reset();
  }

  return (
    <div className="lb-page">
      <h1>Data</h1>
      <p className="lb-muted">Track anything you like: define a data type once, then add records to it.</p>
      <section className="lb-section" aria-labelledby="data-types">
        <h2 id="data-types">Your data types</h2>
        {status === 'loading' && items.length === 0 ? <p role="status">Loading…</p> : null}
        {status === 'error' ? (
          <p role="alert">{error ? failureMessage(error) : 'The data types could not be loaded.'}</p>
        ) : null}
        {status === 'ready' && items.length === 0 ? <p>No data types yet: build the first below.</p> : null}
        <ul className="lb-list">
          {items.map((type) => (
            <li key={type.id} className="lb-list-item">
              {/* A type still being saved has a temporary negative id: no page to open yet. */}
              {type.id > 0 ? (
                <Link to={`/data/${type.id}`}>{type.name}</Link>
              ) : (
                <span>
                  {type.name} <span className="lb-muted">(saving…)</span>
                </span>
              )}
              <span className="lb-muted">
                {readFields(type.fields)
                  .map((f) => f.name)
                  .join(', ')}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="lb-section" aria-labelledby="data-new">
        <h2 id="data-new">New data type</h2>
        <form className="lb-form" onSubmit={(event) => void create(event)} noValidate>
          <FormAlert message={message} />
          <TextField
            label="Name"
            name="type-name"
            value={form.name}
            onChange={(name) => update({ name })}
            error={errors.name}
          />
          <fieldset className="lb-field-builder">
            <legend>Fields</legend>
            {errors.fields ? <p className="lb-field-error">{errors.fields}</p> : null}
            {form.fields.map((row, index) => (
              <div className="lb-builder-row" key={index} role="group" aria-label={`Field ${index + 1}`}>
                <TextField
                  label={`Field ${index + 1} name`}
                  name={`field-${index}-name`}
                  value={row.name}
                  onChange={(name) => setRow(index, { name })}
                  error={errors[`fields.${index}.name`]}
                />
                <div className="lb-field">
                  <label htmlFor={`field-${index}-kind`}>Kind</label>
                  <select
                    id={`field-${index}-kind`}
                    value={row.kind}
                    onChange={(event) => {
                      if (isFieldKind(event.target.value)) setRow(index, { kind: event.target.value });
                    }}
                  >
                    {fieldKinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {kind}
                      </option>
                    ))}
                  </select>
                </div>
                {row.kind === 'number' ? (
                  <TextField
                    label="Unit"
                    name={`field-${index}-unit`}
                    value={row.unit}
                    onChange={(unit) => setRow(index, { unit })}
                    error={errors[`fields.${index}.unit`]}
                  />
                ) : null}
                {row.kind === 'choice' ? (
                  <TextField
                    label="Choices (comma-separated)"
                    name={`field-${index}-choices`}
                    value={row.choices}
                    onChange={(choices) => setRow(index, { choices })}
                    error={errors[`fields.${index}.choices`]}
                  />
                ) : null}
                <button
                  className="lb-button lb-button-quiet"
                  type="button"
                  disabled={form.fields.length <= 1}
                  onClick={() => update({ fields: form.fields.filter((_, i) => i !== index) })}
                >
                  Remove field {index + 1}
                </button>
              </div>
            ))}
            <button
              className="lb-button lb-button-quiet"
              type="button"
              onClick={() => update({ fields: [...form.fields, emptyField] })}
            >
              Add a field
            </button>
          </fieldset>
          <button className="lb-button" type="submit" disabled={busy}>
            Create data type
          </button>
        </form>
      </section>
      <ExportAccount />
    </div>
  );
}
