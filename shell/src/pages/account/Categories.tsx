import { useState } from 'react';
import type { FormEvent } from 'react';
import { createSchema, models } from '@lifeboard/shared/models';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { FormAlert, TextField, failureMessage, serverMessages, useDraft, zodMessages } from '../auth/form-parts';
import type { FieldMessages } from '../auth/form-parts';
import '../auth/forms.css';
import './account.css';

const categoryInput = createSchema(models.category);

/** `/categories`: the board's categories (used to group habits and activities), a form to add one. */
export default function Categories() {
  const { collection, items, status, error } = useCollection('category');
  const [form, update, , reset] = useDraft('categories:new', { name: '', color: '#3366ff' });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    const check = categoryInput.safeParse({ name: form.name.trim(), color: form.color, position: items.length });
    if (!check.success) {
      setErrors(zodMessages(check.error));
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

  async function remove(id: number, name: string) {
    const undo = await collection.remove(id);
    if (undo.ok) notify({ kind: 'info', message: `“${name}” deleted.`, action: { label: 'Undo', run: () => void undo() } });
    else notify({ kind: 'error', message: `“${name}” could not be deleted.` });
  }

  return (
    <main className="lb-page">
      <h1>Categories</h1>
      <p className="lb-muted">Categories group your habits and activities on this board.</p>
      <section className="lb-section" aria-labelledby="categories-list">
        <h2 id="categories-list">On this board</h2>
        {status === 'loading' && items.length === 0 ? <p role="status">Loading…</p> : null}
        {status === 'error' ? <p role="alert">{error ? failureMessage(error) : 'The categories could not be loaded.'}</p> : null}
        {status === 'ready' && items.length === 0 ? <p>No categories yet: add the first below.</p> : null}
        <ul className="lb-list">
          {items.map((category) => (
            <li key={category.id} className="lb-list-item">
              <span>
                {/* The swatch colour is data, so it is set on the element rather than in the stylesheet. */}
                <span className="lb-swatch" aria-hidden="true" style={{ background: category.color ?? 'transparent' }} />
                {category.name}
              </span>
              <button className="lb-button lb-button-quiet" type="button" onClick={() => void remove(category.id, category.name ?? '')}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="lb-section" aria-labelledby="categories-new">
        <h2 id="categories-new">New category</h2>
        <form className="lb-form" onSubmit={(event) => void create(event)} noValidate>
          <FormAlert message={message} />
          <TextField label="Name" name="category-name" value={form.name} onChange={(name) => update({ name })} error={errors.name} />
          <TextField label="Colour" name="category-color" type="color" value={form.color} onChange={(color) => update({ color })} error={errors.color} />
          <button className="lb-button" type="submit" disabled={busy}>Add category</button>
        </form>
      </section>
    </main>
  );
}
