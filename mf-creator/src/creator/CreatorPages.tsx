import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { discardDraft, loadDraft, saveDraft } from '@lifeboard/shared/stores/drafts';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { ActionProblem, EmptyState, NotLoaded } from '@lifeboard/shared/ui/feedback';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { amount, percentWords, readCreatorRates } from './ledger-api';
import type { EarningRate } from './ledger-api';
import { TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { textToHtml } from '@lifeboard/shared/ui/model/rich-text';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { draftProgramWithAi, readModelChoices } from './ai-draft-api';
import type { AiProgramDraft } from './ai-draft-api';
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
  chapters: string;
  goals: string;
  habits: string;
  routines: string;
  prompts: string;
}

const emptyBuilder: BuilderFields = {
  topic: '',
  description: '',
  chapters: '',
  goals: '',
  habits: '',
  routines: '',
  prompts: '',
};

/** A chapter line of the builder, "Title: what it covers", as a title and a body. */
function chapterOf(line: string): { title: string; body: string } {
  const at = line.indexOf(':');
  return at > 0
    ? { title: line.slice(0, at).trim().slice(0, 200), body: line.slice(at + 1).trim() }
    : { title: line.trim().slice(0, 200), body: '' };
}

/** `POST /api/program/ai-draft`'s draft, as the builder's text fields. */
function fieldsOfDraft(draft: AiProgramDraft, routines: string): BuilderFields {
  return {
    topic: draft.title,
    description: draft.description,
    chapters: draft.chapters.map((c) => (c.summary ? `${c.title}: ${c.summary}` : c.title)).join('\n'),
    goals: draft.goals.join('\n'),
    habits: draft.habits.join('\n'),
    routines,
    prompts: draft.prompts.join('\n'),
  };
}
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
 * Drafting with AI: the creator describes the program, their AI model drafts it, and the draft fills the builder
 * to edit. It says what is sent (the description only) and, plainly, when no provider is set up.
 */
function AiDraftPanel({ onDraft }: { onDraft: (draft: AiProgramDraft) => void }) {
  const models = useApiGet('/api/ai/models', readModelChoices);
  const [about, setAbout] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [drafted, setDrafted] = useState<string | null>(null);
  if (models.state === 'ready' && models.data.length === 0)
    return (
      <Panel title="Draft it with AI">
        <p>
          No AI provider is set up on this Lifeboard, so drafting with AI is off. An administrator adds one under Admin
          → AI models. The builder below works without it.
        </p>
      </Panel>
    );
  async function draft(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const answer = await draftProgramWithAi(about);
    setBusy(false);
    if (!answer.ok) return setProblem(answer.message);
    setDrafted(answer.model);
    onDraft(answer.draft);
  }
  return (
    <Panel title="Draft it with AI">
      <form className="lb-stack" aria-label="Draft with AI" onSubmit={(e) => void draft(e)}>
        <TextArea
          label="Describe the program"
          hint="Who it is for, what they will achieve, how long it takes. Only this text is sent to the AI model you chose on your account page; nothing else from your account."
          value={about}
          maxLength={4000}
          onChange={(e) => setAbout(e.target.value)}
        />
        <ActionProblem message={problem} />
        {drafted ? <p role="status">Drafted by {drafted}: read and change it below, then create the draft.</p> : null}
        <div className="lb-row">
          <Button type="submit" busy={busy} disabled={about.trim().length < 10}>
            Draft with AI
          </Button>
        </div>
      </form>
    </Panel>
  );
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
  const { topic, description, chapters, goals, habits, routines, prompts } = fields;
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
      prompts: prompts
        .split('\n')
        .map((l) => l.trim().slice(0, 1000))
        .filter(Boolean),
    };
    const result = await getCollection('program').create({
      title: topic.trim().slice(0, 200),
      description: textToHtml(description),
      status: 'draft',
      price_cents: 0,
      currency: 'USD',
      template,
    });
    if (result.ok) {
      // Its chapters, in order, each opening at once; the creator sets drip and writes them from there.
      const chapterList = chapters
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .map(chapterOf);
      const chapterStore = getCollection('chapter');
      let failed = 0;
      for (const [position, chapter] of chapterList.entries()) {
        const made = await chapterStore.create({
          program_id: result.data.id,
          position,
          title: chapter.title,
          body: textToHtml(chapter.body),
          available_after_days: 0,
        });
        if (!made.ok) failed += 1;
      }
      setBusy(false);
      discardDraft(builderDraftKey);
      if (failed)
        notify({
          kind: 'error',
          message: `The program is created, but ${failed} chapter(s) were not: add them under Chapters.`,
        });
      void navigate('/creator-programs');
    } else setBusy(false);
    if (!result.ok)
      notify({ kind: 'error', message: `The draft was not created: ${result.error.message}. Your text is kept.` });
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
      <AiDraftPanel
        onDraft={(draft) => {
          const next = fieldsOfDraft(draft, routines);
          setFields(next);
          saveDraft(builderDraftKey, next);
        }}
      />
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
        <TextArea
          label="Chapters, one per line (title: what it covers)"
          value={chapters}
          onChange={(e) => change('chapters', e.target.value)}
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
        <TextArea
          label="Journal prompts, one per line"
          value={prompts}
          onChange={(e) => change('prompts', e.target.value)}
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
