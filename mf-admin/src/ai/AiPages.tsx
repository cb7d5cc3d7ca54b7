import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, NotLoaded } from '@lifeboard/shared/ui/feedback';
import { Select, TextArea } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { readAiSetup, testModel } from './ai-api';
import type { AiSetup, TestAnswer } from './ai-api';

function NotConfigured({ setup }: { setup: AiSetup }) {
  return (
    <Panel title="No AI provider configured">
      <p>
        No AI provider is configured on this installation, so no request leaves the server and users cannot pick a
        model. To connect one, in the API's environment:
      </p>
      <ul>
        {setup.problems.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      <p>
        Any OpenAI-compatible chat-completions API works (OpenAI, OpenRouter, a local Ollama or vLLM);{' '}
        <code>AI_API_KEY</code> is sent only to that provider and never to browsers. Restart the API afterwards.
      </p>
    </Panel>
  );
}

function Tester({ setup }: { setup: AiSetup }) {
  const [model, setModel] = useState(setup.models[0]?.name ?? '');
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!prompt.trim()) return;
    setBusy(true);
    setAnswer(null);
    setAnswer(await testModel(model, prompt));
    setBusy(false);
  }
  return (
    <Panel title="Send a test prompt">
      <form className="lb-stack" onSubmit={(event) => void handleSubmit(event)} aria-label="Test a model">
        <Select
          label="Model"
          value={model}
          options={setup.models.map((m) => ({ value: m.name, label: m.name }))}
          onChange={(e) => setModel(e.target.value)}
        />
        <TextArea label="Prompt" value={prompt} maxLength={4000} required onChange={(e) => setPrompt(e.target.value)} />
        <div className="lb-row">
          <Button type="submit" variant="primary" busy={busy} disabled={!prompt.trim() || !model}>
            Send
          </Button>
        </div>
      </form>
      {answer?.ok ? (
        <section aria-label="Answer" className="lb-stack">
          <h3>
            Answer from {answer.model} <span className="lb-muted">in {(answer.latency_ms / 1000).toFixed(1)} s</span>
          </h3>
          {answer.answer.split('\n').map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </section>
      ) : null}
      {answer && !answer.ok ? <ErrorPanel title="No answer" message={answer.message} code="LB-AI-PROVIDER" /> : null}
    </Panel>
  );
}

/** `/admin/ai-models` and `/admin/ai-model-testing`: the configured AI provider and its models, and a prompt to test one. */
export function AiModels({ testing = false }: { testing?: boolean }) {
  const setup = useApiGet('/api/admin/ai/models', readAiSetup);
  return (
    <section className="lb-stack">
      <PageHeader
        title={testing ? 'AI model testing' : 'AI models'}
        actions={
          testing ? (
            <Link to="/admin/ai-models">Configured models</Link>
          ) : (
            <Link to="/admin/ai-model-testing">Test a model</Link>
          )
        }
      />
      <NotLoaded load={setup} what="The AI settings" code="LB-FORBIDDEN" />
      {setup.state === 'ready' && !setup.data.configured ? <NotConfigured setup={setup.data} /> : null}
      {setup.state === 'ready' && setup.data.configured && !testing ? (
        <Panel title="Configured provider">
          <p>
            Provider: <code>{setup.data.provider?.base_url}</code> · API key{' '}
            {setup.data.provider?.has_api_key ? 'set' : <strong>not set</strong>} · time-out{' '}
            {(setup.data.provider?.timeout_ms ?? 0) / 1000} s
          </p>
          <Table
            label="Models"
            columns={['#', 'Model']}
            rows={setup.data.models}
            row={(m) => (
              <tr key={m.id}>
                <td>{m.id}</td>
                <td>{m.name}</td>
              </tr>
            )}
          />
          <p className="lb-muted">
            A user's AI model setting is the number in the first column. The list comes from <code>AI_MODELS</code>.
          </p>
        </Panel>
      ) : null}
      {setup.state === 'ready' && setup.data.configured && testing ? <Tester setup={setup.data} /> : null}
    </section>
  );
}
