import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { ModelForm } from '@lifeboard/shared/ui/ModelForm';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';

/** `/new-goal` and `/new-habit`: the model's form on its own page, opening the new record when saved. */
export function NewRecordPage({ model, title, detail }: { model: 'goal' | 'habit'; title: string; detail: (id: number) => string }) {
  const navigate = useNavigate();
  const defaults = model === 'habit' ? { kind: 'yes_no', frequency_num: 1, frequency_den: 1 } : { status: 'active', start_date: localDate() };
  return (
    <section className="lb-stack">
      <PageHeader title={title} actions={model === 'habit' ? <Link to="/how-habits-work">How habits work</Link> : <Link to="/setting-goals">Guide to setting goals</Link>} />
      <Panel><ModelForm model={model} defaults={defaults} onSaved={(record) => navigate(detail(record.id))} /></Panel>
    </section>
  );
}

/**
 * `/goals/ai`: a goal coach that turns a loose wish into a SMART goal by asking the questions a coach
 * would, then creates the goal with its milestones. It works without an AI model configured. The answers are
 * a draft until the goal is created: a reload or a failed save keeps them.
 */
export function GoalCoach() {
  const navigate = useNavigate();
  const [answers, update, reset] = useFormDraft('goal-coach', { wish: '', measure: '', why: '', date: '', steps: '' });
  const { wish, measure, why, date, steps } = answers;
  const [busy, setBusy] = useState(false);
  const title = wish.trim() ? `${wish.trim()}${measure.trim() ? ` (${measure.trim()})` : ''}`.slice(0, 200) : '';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title) return;
    setBusy(true);
    const milestones = steps.split('\n').map((s) => s.trim()).filter(Boolean).map((s) => ({ title: s.slice(0, 200) }));
    const result = await getCollection('goal').create({ title, why: why.trim(), status: 'active', start_date: localDate(), target_date: date || null, milestones });
    setBusy(false);
    if (result.ok) {
      reset();
      navigate(`/goal/${result.data.id}`);
    } else notify({ kind: 'error', message: `The goal was not created: ${result.error.message}` });
  }

  return (
    <section className="lb-stack">
      <PageHeader title="Goal coach" description="Answer five questions; the coach shapes them into a specific, measurable, time-bound goal with milestones." />
      <form className="lb-stack lb-model-form" onSubmit={handleSubmit} aria-label="Goal coach">
        <TextField label="What do you want?" hint="Start with a verb: “Run a half marathon”, “Save for a trip”." value={wish} maxLength={150} onChange={(e) => update({ wish: e.target.value })} required />
        <TextField label="How will you know you got there?" hint="A number or a visible result: “21 km under 2:15”." value={measure} maxLength={45} onChange={(e) => update({ measure: e.target.value })} />
        <TextArea label="Why does it matter to you?" value={why} maxLength={5000} onChange={(e) => update({ why: e.target.value })} />
        <TextField label="By when?" type="date" value={date} min={localDate()} onChange={(e) => update({ date: e.target.value })} />
        <TextArea label="What are the steps? One per line" hint="These become the goal's milestones." value={steps} onChange={(e) => update({ steps: e.target.value })} />
        {title ? <p>Your goal: <strong>{title}</strong>{date ? `, by ${date}` : ''}.</p> : null}
        <div className="lb-row"><Button type="submit" variant="primary" busy={busy} disabled={!title}>Create this goal</Button></div>
      </form>
    </section>
  );
}
