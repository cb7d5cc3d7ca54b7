import { useState } from 'react';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { saveUserField } from './user-field-row';

export interface AiModelChoice {
  id: number;
  name: string;
}

/** `GET /api/ai/models`: the models this installation offers, or null for an answer of another shape. */
export function readAiChoices(body: unknown): { configured: boolean; models: AiModelChoice[] } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { configured, models } = body as { configured?: unknown; models?: unknown };
  if (typeof configured !== 'boolean' || !Array.isArray(models)) return null;
  const valid = models.filter((m): m is AiModelChoice => typeof m?.id === 'number' && typeof m?.name === 'string');
  return valid.length === models.length ? { configured, models: valid } : null;
}

/**
 * The user's AI model, chosen among the models this installation is configured with (AI_MODELS). Saved as soon
 * as it is chosen; with no model configured, the page says so and how an administrator sets one up.
 */
export function AiModelRow({ saved }: { saved: number | null }) {
  const choices = useApiGet('/api/ai/models', readAiChoices);
  const [value, setValue] = useState(saved === null ? '' : String(saved));
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = 'field-ai_model';

  if (choices.state === 'loading') return <p className="lb-muted">Loading the AI models…</p>;
  if (choices.state !== 'ready') {
    return (
      <p className="lb-field-error" role="alert">
        The AI models could not be loaded{choices.state === 'failed' ? `: ${choices.message}` : '.'}{' '}
        <button type="button" className="lb-button" onClick={choices.reload}>
          Try again
        </button>
      </p>
    );
  }
  const { models } = choices.data;
  if (models.length === 0) {
    return (
      <div className="lb-field">
        <p>
          <strong>AI model:</strong> none is configured on this Lifeboard, so AI help is off.
        </p>
        <p className="lb-muted">
          An administrator turns it on by giving the API the settings AI_BASE_URL and AI_MODELS (and AI_API_KEY if the
          provider needs a key).
        </p>
      </div>
    );
  }

  async function choose(next: string) {
    const before = value;
    setValue(next);
    setBusy(true);
    setDone(false);
    const failed = await saveUserField('ai_model', next === '' ? null : Number(next));
    setBusy(false);
    setError(failed ?? undefined);
    if (failed) setValue(before);
    else setDone(true);
  }

  // A model chosen earlier that is no longer configured stays visible as such until another is chosen.
  const unknown = value !== '' && !models.some((model) => String(model.id) === value);
  return (
    <div className="lb-field">
      <label htmlFor={id}>AI model</label>
      <select
        id={id}
        value={value}
        disabled={busy}
        onChange={(event) => void choose(event.target.value)}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
      >
        <option value="">Default ({models[0]?.name})</option>
        {models.map((model) => (
          <option key={model.id} value={String(model.id)}>
            {model.name}
          </option>
        ))}
        {unknown ? <option value={value}>A model no longer offered</option> : null}
      </select>
      <p id={`${id}-hint`} className="lb-muted">
        Used when you ask for AI help; nothing is sent to it unless you ask.
      </p>
      {error ? (
        <p id={`${id}-error`} className="lb-field-error">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="lb-saved" role="status">
          Saved.
        </p>
      ) : null}
    </div>
  );
}
