import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { discardDraft, loadDraft, saveDraft } from '@lifeboard/shared/stores/drafts';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState } from '@lifeboard/shared/ui/feedback';
import { TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { textToHtml } from '@lifeboard/shared/ui/model/rich-text';
import { PageHeader } from '@lifeboard/shared/ui/Panel';
import { formatMoney } from '@lifeboard/shared/lib/money';

/** The split of a sale (domain.md, transaction): platform 10%, card processing 2.9% + 30c, the rest to the creator. */
export function splitSale(grossCents: number): { platform: number; processing: number; net: number } {
  if (grossCents <= 0) return { platform: 0, processing: 0, net: 0 };
  const platform = Math.round(grossCents * 0.1);
  const processing = Math.round(grossCents * 0.029) + 30;
  return { platform, processing, net: Math.max(0, grossCents - platform - processing) };
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** `/creator-earning-rates`: what a creator keeps from each of their programs' price. */
export function EarningRates() {
  const { items } = useCollection('program');
  const priced = items.filter((p) => p.id > 0);
  return (
    <section className="lb-stack">
      <PageHeader title="Earning rates" description="From each sale the platform keeps 10% and the card processor takes 2.9% + 0.30; the rest is yours, available after the 14-day refund window." />
      {!priced.length ? <EmptyState title="No programs yet" action={<Link to="/creator-programs">Create a program</Link>} /> : (
        <table>
          <thead><tr><th scope="col">Program</th><th scope="col">Price</th><th scope="col">Platform</th><th scope="col">Processing</th><th scope="col">You earn</th></tr></thead>
          <tbody>{priced.map((p) => {
            const cents = Number(p.price_cents ?? 0);
            const split = splitSale(cents);
            return <tr key={p.id}><td>{p.title}</td><td>{formatMoney(cents, p.currency)}</td><td>{money(split.platform)}</td><td>{money(split.processing)}</td><td><strong>{money(split.net)}</strong></td></tr>;
          })}</tbody>
        </table>
      )}
    </section>
  );
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => l.slice(0, 200));

interface BuilderFields {
  topic: string;
  description: string;
  goals: string;
  habits: string;
  routines: string;
}

const emptyBuilder: BuilderFields = { topic: '', description: '', goals: '', habits: '', routines: '' };
export const builderDraftKey = 'program-builder';

function draftedBuilder(): { fields: BuilderFields; savedAt: string | null } {
  const draft = loadDraft<Partial<BuilderFields>>(builderDraftKey);
  if (!draft) return { fields: emptyBuilder, savedAt: null };
  const fields = { ...emptyBuilder };
  for (const key of Object.keys(emptyBuilder) as (keyof BuilderFields)[]) {
    const value = draft.value[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return { fields, savedAt: draft.saved_at };
}

/**
 * `/ai-programs`: a program builder that drafts a program from a topic and lists of goals, habits and routines.
 * What is typed is kept as a draft (per user, in this browser) until the program is created or the draft discarded.
 */
export function ProgramBuilder() {
  const navigate = useNavigate();
  const [initial] = useState(draftedBuilder);
  const [fields, setFields] = useState<BuilderFields>(initial.fields);
  const [restoredAt, setRestoredAt] = useState<string | null>(initial.savedAt);
  const [busy, setBusy] = useState(false);
  const { topic, description, goals, habits, routines } = fields;
  function change(key: keyof BuilderFields, value: string) {
    const next = { ...fields, [key]: value };
    setFields(next);
    if (Object.values(next).some((v) => v.trim())) saveDraft(builderDraftKey, next);
    else discardDraft(builderDraftKey);
  }
  function handleDiscard() {
    discardDraft(builderDraftKey);
    setFields(emptyBuilder);
    setRestoredAt(null);
  }
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!topic.trim()) return;
    setBusy(true);
    const template = { goals: lines(goals).map((title) => ({ title })), habits: lines(habits).map((title) => ({ title })), routines: lines(routines).map((title) => ({ title })) };
    const result = await getCollection('program').create({ title: topic.trim().slice(0, 200), description: textToHtml(description), status: 'draft', price_cents: 0, currency: 'USD', template });
    setBusy(false);
    if (result.ok) {
      discardDraft(builderDraftKey);
      navigate('/creator-programs');
    } else notify({ kind: 'error', message: `The draft was not created: ${result.error.message}. Your text is kept.` });
  }
  return (
    <section className="lb-stack">
      <PageHeader title="Program builder" description="Draft a program: what it is about and what it installs for subscribers. You can edit and publish it from Creator programs." />
      {restoredAt ? (
        <p role="status" className="lb-row">
          <span>Restored your unsaved text from {new Date(restoredAt).toLocaleString()}.</span>
          <Button size="small" variant="ghost" onClick={handleDiscard}>Discard it</Button>
        </p>
      ) : null}
      <form className="lb-stack lb-model-form" onSubmit={handleSubmit} aria-label="Program builder">
        <TextField label="Program title" value={topic} maxLength={200} required onChange={(e) => change('topic', e.target.value)} />
        <TextArea label="Who is it for and what will they achieve?" value={description} onChange={(e) => change('description', e.target.value)} />
        <TextArea label="Goals it sets, one per line" value={goals} onChange={(e) => change('goals', e.target.value)} />
        <TextArea label="Habits it starts, one per line" value={habits} onChange={(e) => change('habits', e.target.value)} />
        <TextArea label="Routines it adds, one per line" value={routines} onChange={(e) => change('routines', e.target.value)} />
        <div className="lb-row"><Button type="submit" variant="primary" busy={busy} disabled={!topic.trim()}>Create draft</Button></div>
      </form>
    </section>
  );
}
