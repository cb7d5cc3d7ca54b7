import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { discardDraft, loadDraft, saveDraft } from '@lifeboard/shared/stores/drafts';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, NotLoaded } from '@lifeboard/shared/ui/feedback';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { amount, percentWords, readCreatorRates } from './ledger-api';
import type { EarningRate } from './ledger-api';
import { TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { textToHtml } from '@lifeboard/shared/ui/model/rich-text';
import { PageHeader } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { formatMoney } from '@lifeboard/shared/lib/money';

const sourceWords: Record<EarningRate['source'], string> = {
  program: "this program's own rate",
  author: 'your rate',
  default: "the platform's standard rate",
};

/** `/creator-earning-rates`: what a creator keeps of each program's price, by the rates an admin set (or the standard one). */
export function EarningRates() {
  const load = useApiGet('/api/creator/earning-rates', readCreatorRates);
  const header = (
    <PageHeader
      title="Earning rates"
      description="What the platform keeps of each sale of your programs, and what is yours. An admin can agree a different rate with you, for all your programs or for one."
    />
  );
  if (load.state !== 'ready')
    return (
      <section className="lb-stack">
        {header}
        <NotLoaded load={load} what="Your rates" lines={4} />
      </section>
    );
  const rates = load.data;
  const processing = `${percentWords(rates.processing_percent)} + ${(rates.processing_fixed_cents / 100).toFixed(2)}`;
  return (
    <section className="lb-stack">
      {header}
      <p>
        Platform fee: <strong>{percentWords(rates.author.platform_fee_percent)}</strong> (
        {rates.author.source === 'author' ? 'agreed for you' : 'the standard rate'}). Card processing: {processing} per
        sale.{rates.tax_percent ? ` Prices include ${percentWords(rates.tax_percent)} sales tax.` : ''} Your share
        becomes available {rates.refund_window_days} days after each sale (the refund window) and is paid out on the
        following Monday.
      </p>
      <Table
        label="Earning rates"
        columns={['Program', 'Price', 'Platform fee', 'Platform', 'Processing', 'You earn']}
        rows={rates.programs}
        empty={<EmptyState title="No programs yet" action={<Link to="/creator-programs">Create a program</Link>} />}
        row={(p) => (
          <tr key={p.id}>
            <td>{p.title}</td>
            <td>{formatMoney(p.price_cents, p.currency)}</td>
            <td>
              {percentWords(p.rate.platform_fee_percent)}{' '}
              <span className="lb-muted">({sourceWords[p.rate.source]})</span>
            </td>
            <td>{amount(p.split.platform_fee_cents, p.currency)}</td>
            <td>{amount(p.split.processing_fee_cents, p.currency)}</td>
            <td>
              <strong>{amount(p.split.net_cents, p.currency)}</strong>
            </td>
          </tr>
        )}
      />
    </section>
  );
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => l.slice(0, 200));

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
    const template = {
      goals: lines(goals).map((title) => ({ title })),
      habits: lines(habits).map((title) => ({ title })),
      routines: lines(routines).map((title) => ({ title })),
    };
    const result = await getCollection('program').create({
      title: topic.trim().slice(0, 200),
      description: textToHtml(description),
      status: 'draft',
      price_cents: 0,
      currency: 'USD',
      template,
    });
    setBusy(false);
    if (result.ok) {
      discardDraft(builderDraftKey);
      void navigate('/creator-programs');
    } else notify({ kind: 'error', message: `The draft was not created: ${result.error.message}. Your text is kept.` });
  }
  return (
    <section className="lb-stack">
      <PageHeader
        title="Program builder"
        description="Draft a program: what it is about and what it installs for subscribers. You can edit and publish it from Creator programs."
      />
      {restoredAt ? (
        <p role="status" className="lb-row">
          <span>Restored your unsaved text from {new Date(restoredAt).toLocaleString()}.</span>
          <Button size="small" variant="ghost" onClick={handleDiscard}>
            Discard it
          </Button>
        </p>
      ) : null}
      <form
        className="lb-stack lb-model-form"
        onSubmit={(event) => void handleSubmit(event)}
        aria-label="Program builder"
      >
        <TextField
          label="Program title"
          value={topic}
          maxLength={200}
          required
          onChange={(e) => change('topic', e.target.value)}
        />
        <TextArea
          label="Who is it for and what will they achieve?"
          value={description}
          onChange={(e) => change('description', e.target.value)}
        />
        <TextArea label="Goals it sets, one per line" value={goals} onChange={(e) => change('goals', e.target.value)} />
        <TextArea
          label="Habits it starts, one per line"
          value={habits}
          onChange={(e) => change('habits', e.target.value)}
        />
        <TextArea
          label="Routines it adds, one per line"
          value={routines}
          onChange={(e) => change('routines', e.target.value)}
        />
        <div className="lb-row">
          <Button type="submit" variant="primary" busy={busy} disabled={!topic.trim()}>
            Create draft
          </Button>
        </div>
      </form>
    </section>
  );
}
