import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { Button } from '@lifeboard/shared/ui/Button';
import { ActionProblem, ErrorPanel, NotLoaded } from '@lifeboard/shared/ui/feedback';
import { Checkbox, Select, TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { Card, PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { isRecord, useApiGet } from '@lifeboard/shared/api/use-api-get';
import { postEventStream } from '@lifeboard/shared/api/event-stream';
import { notify } from '@lifeboard/shared/stores/notifications';
import { deleteProvider, readAiSetup, readChoices, readProviders, saveProvider } from './ai-api';
import type { AiProvider } from './ai-api';

/** How long, in people's words: "0.4 s". */
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface StreamEnd {
  model: string;
  latency_ms: number;
  first_token_ms: number | null;
  usage: { prompt_tokens: number | null; completion_tokens: number | null };
}

function readEnd(data: unknown): StreamEnd | null {
  if (!isRecord(data) || typeof data.latency_ms !== 'number') return null;
  const usage = isRecord(data.usage) ? data.usage : {};
  const count = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    model: typeof data.model === 'string' ? data.model : '',
    latency_ms: data.latency_ms,
    first_token_ms: count(data.first_token_ms),
    usage: { prompt_tokens: count(usage.prompt_tokens), completion_tokens: count(usage.completion_tokens) },
  };
}

/** A prompt to any enabled model; the reply streams in, then the time it took and the tokens it used. */
function Tester() {
  const choices = useApiGet('/api/ai/models', readChoices);
  const [model, setModel] = useState('');
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState('');
  const [end, setEnd] = useState<StreamEnd | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const models = choices.state === 'ready' ? choices.data : [];
  const chosen = model || String(models[0]?.id ?? '');

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!prompt.trim() || !chosen) return;
    setBusy(true);
    setReply('');
    setEnd(null);
    setProblem(null);
    const failed = await postEventStream('/api/admin/ai/test-stream', { model_id: Number(chosen), prompt }, (e) => {
      if (e.event === 'delta' && isRecord(e.data) && typeof e.data.text === 'string') {
        const text = e.data.text;
        setReply((shown) => shown + text);
      } else if (e.event === 'done') setEnd(readEnd(e.data));
      else if (e.event === 'error')
        setProblem(isRecord(e.data) && typeof e.data.message === 'string' ? e.data.message : 'The provider failed.');
    });
    if (failed) setProblem(failed);
    setBusy(false);
  }

  if (choices.state !== 'ready') return <NotLoaded load={choices} what="The models" />;
  if (models.length === 0)
    return (
      <Panel title="No AI model to test">
        <p>
          No provider is set up yet. <Link to="/admin/ai-models">Add one</Link> with at least one model, then test it
          here.
        </p>
      </Panel>
    );
  return (
    <Panel title="Send a test prompt">
      <form className="lb-stack" onSubmit={(event) => void handleSubmit(event)} aria-label="Test a model">
        <Select
          label="Model"
          value={chosen}
          options={models.map((m) => ({ value: String(m.id), label: `${m.name} (${m.provider})` }))}
          onChange={(e) => setModel(e.target.value)}
        />
        <TextArea label="Prompt" value={prompt} maxLength={4000} required onChange={(e) => setPrompt(e.target.value)} />
        <div className="lb-row">
          <Button type="submit" variant="primary" busy={busy} disabled={!prompt.trim()}>
            Send
          </Button>
        </div>
      </form>
      {reply || busy ? (
        <section aria-label="Reply" aria-live="polite" aria-busy={busy} className="lb-stack">
          <h3>{busy ? 'Reply (arriving…)' : 'Reply'}</h3>
          <p style={{ whiteSpace: 'pre-wrap' }}>{reply}</p>
        </section>
      ) : null}
      {end ? (
        <p aria-label="Measures">
          {end.model ? `From ${end.model}. ` : ''}
          {end.first_token_ms !== null ? `First words after ${seconds(end.first_token_ms)}, ` : ''}
          whole reply in {seconds(end.latency_ms)}.{' '}
          {end.usage.prompt_tokens !== null && end.usage.completion_tokens !== null
            ? `Tokens: ${end.usage.prompt_tokens} in the prompt, ${end.usage.completion_tokens} in the reply.`
            : 'The provider did not count tokens.'}
        </p>
      ) : null}
      {problem ? <ErrorPanel title="No answer" message={problem} code="LB-AI-PROVIDER" /> : null}
    </Panel>
  );
}

const splitNames = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The form for a new provider or a change to one; the key is typed in and never shown back. */
function ProviderForm({
  provider,
  keyStorage,
  onSaved,
  onCancel,
}: {
  provider: AiProvider | null;
  keyStorage: boolean;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(provider?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(provider?.base_url ?? '');
  const [key, setKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [models, setModels] = useState(provider?.models.map((m) => m.name).join(', ') ?? '');
  const [off, setOff] = useState(
    provider?.models
      .filter((m) => !m.enabled)
      .map((m) => m.name)
      .join(', ') ?? '',
  );
  const [limit, setLimit] = useState(provider?.daily_limit === null || !provider ? '' : String(provider.daily_limit));
  const [timeout, setTimeoutSeconds] = useState(String((provider?.timeout_ms ?? 60_000) / 1000));
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const names = splitNames(models);
    const limitNumber = limit.trim() === '' ? null : Number(limit);
    const timeoutNumber = Number(timeout);
    if (!names.length) return setProblem('Name at least one model, e.g. gpt-4o-mini or llama3.2.');
    if (limitNumber !== null && (!Number.isInteger(limitNumber) || limitNumber < 0))
      return setProblem('The daily limit is a whole number of requests, or empty for no limit.');
    if (!Number.isFinite(timeoutNumber) || timeoutNumber < 1 || timeoutNumber > 300)
      return setProblem('The time-out is between 1 and 300 seconds.');
    setBusy(true);
    const failed = await saveProvider({
      ...(provider ? { id: provider.id } : {}),
      name,
      base_url: baseUrl,
      ...(removeKey ? { api_key: '' } : key.trim() ? { api_key: key.trim() } : {}),
      models: names,
      disabled_models: splitNames(off).filter((n) => names.includes(n)),
      enabled,
      daily_limit: limitNumber,
      timeout_ms: Math.round(timeoutNumber * 1000),
    });
    setBusy(false);
    setProblem(failed);
    if (!failed) {
      notify({ kind: 'success', message: provider ? `${name} is saved.` : `${name} is added.` });
      onSaved();
    }
  }

  return (
    <form
      className="lb-stack"
      aria-label={provider ? `Change ${provider.name}` : 'New provider'}
      onSubmit={(e) => void submit(e)}
    >
      <ActionProblem message={problem} />
      <TextField label="Name" value={name} required maxLength={100} onChange={(e) => setName(e.target.value)} />
      <TextField
        label="Address (base URL)"
        hint="The OpenAI-compatible API's address, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 for Ollama."
        type="url"
        value={baseUrl}
        required
        onChange={(e) => setBaseUrl(e.target.value)}
      />
      <TextField
        label="API key"
        type="password"
        autoComplete="off"
        hint={
          !keyStorage
            ? 'This server cannot keep keys until CALENDAR_CREDENTIALS_KEY is set; a local server needs none.'
            : provider?.has_api_key
              ? 'A key is kept (encrypted, never shown). Type a new one to replace it.'
              : 'Kept encrypted and sent only to this provider. Leave empty for a local server.'
        }
        value={key}
        disabled={removeKey}
        onChange={(e) => setKey(e.target.value)}
      />
      {provider?.has_api_key ? (
        <Checkbox label="Remove the kept key" checked={removeKey} onChange={(e) => setRemoveKey(e.target.checked)} />
      ) : null}
      <TextField
        label="Models"
        hint="Their names at the provider, separated by commas: people choose among them on their account page."
        value={models}
        required
        onChange={(e) => setModels(e.target.value)}
      />
      <TextField
        label="Models switched off"
        hint="Names from the list above that people may not choose for now."
        value={off}
        onChange={(e) => setOff(e.target.value)}
      />
      <TextField
        label="Requests per person per day"
        hint="Empty: no limit. Counted per person, the day turning at midnight UTC."
        inputMode="numeric"
        value={limit}
        onChange={(e) => setLimit(e.target.value)}
      />
      <TextField
        label="Time-out (seconds)"
        inputMode="numeric"
        value={timeout}
        onChange={(e) => setTimeoutSeconds(e.target.value)}
      />
      <Checkbox label="People may use it" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      <div className="lb-row">
        <Button type="submit" variant="primary" busy={busy}>
          {provider ? 'Save provider' : 'Add provider'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

/** The providers an admin set up: each with its models and limits, to change or remove; and a form to add one. */
function Providers() {
  const load = useApiGet('/api/admin/ai/providers', readProviders);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<AiProvider | null>(null);
  if (load.state !== 'ready') return <NotLoaded load={load} what="The AI providers" code="LB-FORBIDDEN" />;
  const { providers, keyStorage } = load.data;
  async function remove() {
    const provider = removing;
    setRemoving(null);
    if (!provider) return;
    const failed = await deleteProvider(provider.id);
    notify(
      failed
        ? { kind: 'error', message: `${provider.name} was not removed: ${failed}` }
        : { kind: 'success', message: `${provider.name} is removed.` },
    );
    load.reload();
  }
  const saved = () => {
    setEditing(null);
    load.reload();
  };
  return (
    <Panel title="Providers">
      <p>
        Any OpenAI-compatible chat-completions server works: OpenAI, OpenRouter, a local Ollama or llama.cpp server.
        Keys are kept encrypted on the server and never sent to a browser.
      </p>
      {providers.length === 0 && editing !== 'new' ? <p>No provider is set up here yet.</p> : null}
      {providers.map((p) => (
        <Card key={p.id} aria-label={p.name}>
          {editing === p.id ? (
            <ProviderForm provider={p} keyStorage={keyStorage} onSaved={saved} onCancel={() => setEditing(null)} />
          ) : (
            <div className="lb-stack">
              <h3>
                {p.name} {p.enabled ? null : <span className="lb-muted">(switched off)</span>}
              </h3>
              <p>
                <code>{p.base_url}</code> · {p.has_api_key ? 'key kept' : 'no key'} · time-out {seconds(p.timeout_ms)} ·{' '}
                {p.daily_limit === null
                  ? 'no daily limit'
                  : `${p.daily_limit} request${p.daily_limit === 1 ? '' : 's'} per person a day`}
              </p>
              <p>
                Models: {p.models.map((m) => (m.enabled ? m.name : `${m.name} (switched off)`)).join(', ') || 'none'}
              </p>
              <div className="lb-row">
                <Button onClick={() => setEditing(p.id)}>Change</Button>
                <Button variant="danger" onClick={() => setRemoving(p)}>
                  Remove
                </Button>
              </div>
            </div>
          )}
        </Card>
      ))}
      {editing === 'new' ? (
        <ProviderForm provider={null} keyStorage={keyStorage} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : (
        <Button variant="primary" onClick={() => setEditing('new')}>
          Add a provider
        </Button>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove"
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>Its models go from people's choices; whoever chose one gets the first model left.</p>
      </ConfirmDialog>
    </Panel>
  );
}

/** `/admin/ai-models` (providers set up here, and the server settings' one) and `/admin/ai-model-testing`. */
export function AiModels({ testing = false }: { testing?: boolean }) {
  const setup = useApiGet(testing ? null : '/api/admin/ai/models', readAiSetup);
  return (
    <section className="lb-stack">
      <PageHeader
        title={testing ? 'AI model testing' : 'AI models'}
        actions={
          testing ? (
            <Link to="/admin/ai-models">Providers and models</Link>
          ) : (
            <Link to="/admin/ai-model-testing">Test a model</Link>
          )
        }
      />
      {testing ? <Tester /> : <Providers />}
      {!testing && setup.state === 'ready' && setup.data.configured ? (
        <Panel title={`Provider from the server's settings`}>
          <p>
            Set with AI_BASE_URL, AI_API_KEY and AI_MODELS; change them where the API runs. Address:{' '}
            <code>{setup.data.provider?.base_url}</code> · API key{' '}
            {setup.data.provider?.has_api_key ? 'set' : <strong>not set</strong>} · time-out{' '}
            {seconds(setup.data.provider?.timeout_ms ?? 0)}
          </p>
          <Table
            label="Models from the settings"
            columns={['Model']}
            rows={setup.data.models}
            row={(m) => (
              <tr key={m.id}>
                <td>{m.name}</td>
              </tr>
            )}
          />
        </Panel>
      ) : null}
    </section>
  );
}
