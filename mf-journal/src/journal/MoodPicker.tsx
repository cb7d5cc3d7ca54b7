import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { notify } from '@lifeboard/shared/stores/notifications';
import { MoodFace } from '../moods/MoodFace';
import { moodScale } from '../moods/mood-scale';
import './journal.css';

export { moodScale };

export function moodWord(score: unknown): string {
  return moodScale.find((m) => m.score === score)?.word ?? '';
}

export interface MoodPickerProps {
  /** The entry's `mood_id`. */
  moodId: number | null;
  onChange: (moodId: number | null) => void;
}

/**
 * The entry's mood in one tap: picking a score logs a mood (the `mood` model, so it shows on /moods and
 * in its chart) and links it to the entry; picking again changes that mood's score.
 */
export function MoodPicker({ moodId, onChange }: MoodPickerProps) {
  const moods = getCollection('mood');
  const items = useStore(moods.$items);
  const [fetched, setFetched] = useState<ModelRecord<'mood'> | null>(null);
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const mood = items.find((m) => m.id === moodId) ?? (fetched?.id === moodId ? fetched : null);

  useEffect(() => {
    if (moodId === null || moods.find(moodId)) return;
    let live = true;
    void moods.get(moodId).then((result) => {
      if (live && result.ok) setFetched(result.data);
    });
    return () => {
      live = false;
    };
  }, [moodId, moods]);

  async function choose(score: number) {
    setBusy(true);
    const result = mood
      ? await moods.update(mood.id, { score })
      : await moods.create({ score, at: new Date().toISOString() });
    setBusy(false);
    if (!result.ok) {
      notify({ kind: 'error', message: `The mood was not saved: ${result.error.message}` });
      return;
    }
    setFetched(result.data);
    if (result.data.id !== moodId) onChange(result.data.id);
  }

  return (
    <div className="lb-mood-picker" role="radiogroup" aria-labelledby={labelId} aria-busy={busy || undefined}>
      <span id={labelId} className="lb-field__label">
        Mood
      </span>
      {moodScale.map(({ score, word }) => (
        <button
          key={score}
          type="button"
          role="radio"
          aria-checked={mood?.score === score}
          className="lb-mood-picker__option"
          disabled={busy}
          onClick={() => void choose(score)}
        >
          <MoodFace score={score} size={20} /> <span className="lb-mood-picker__word">{word}</span>
        </button>
      ))}
      {moodId !== null ? (
        <button type="button" className="lb-mood-picker__clear" disabled={busy} onClick={() => onChange(null)}>
          No mood
        </button>
      ) : null}
    </div>
  );
}
