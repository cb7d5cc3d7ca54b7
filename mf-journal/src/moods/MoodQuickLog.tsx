import { useState } from 'react';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { TextField } from '@lifeboard/shared/ui/fields';
import { MoodFace } from './MoodFace';
import { commonEmotions, moodScale } from './mood-scale';
import './moods.css';

export interface MoodQuickLogProps {
  /** The home widget's short form: the faces and the words field, without the feelings. */
  compact?: boolean;
}

/** Log how you feel in one tap on a face; the optional words and feelings chosen first go with it. */
export function MoodQuickLog({ compact = false }: MoodQuickLogProps) {
  const [note, setNote] = useState('');
  const [emotions, setEmotions] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [logged, setLogged] = useState<{ id: number; word: string } | null>(null);

  async function handleLog(score: number, word: string) {
    setSaving(true);
    const words = note.trim();
    const result = await getCollection('mood').create({
      score,
      at: new Date().toISOString(),
      ...(words ? { note: words } : {}),
      ...(emotions.length ? { emotions } : {}),
    });
    setSaving(false);
    if (!result.ok) {
      // What was typed stays, so a second tap after the network is back logs the same thing.
      notify({ kind: 'error', message: `Your mood was not saved: ${result.error.message}` });
      return;
    }
    setNote('');
    setEmotions([]);
    setLogged({ id: result.data.id, word });
  }

  async function handleUndo(id: number) {
    const undo = await getCollection('mood').remove(id);
    if (undo.ok) setLogged(null);
    else notify({ kind: 'error', message: `The mood was not removed: ${undo.error?.message ?? 'unknown error'}` });
  }

  const toggle = (emotion: string) =>
    setEmotions((chosen) => (chosen.includes(emotion) ? chosen.filter((e) => e !== emotion) : [...chosen, emotion]));

  return (
    <div className="lb-stack">
      <TextField
        label="Words (optional)"
        hint="What is behind it? Type first, then tap a face."
        value={note}
        maxLength={2000}
        onChange={(event) => setNote(event.target.value)}
      />
      {compact ? null : (
        <div role="group" aria-label="Feelings (optional)" className="lb-mood-emotions">
          {commonEmotions.map((emotion) => (
            <button
              key={emotion}
              type="button"
              className="lb-mood-emotion"
              aria-pressed={emotions.includes(emotion)}
              onClick={() => toggle(emotion)}
            >
              {emotion}
            </button>
          ))}
        </div>
      )}
      <div role="group" aria-label="Log your mood" className="lb-mood-scale">
        {moodScale.map(({ score, word }) => (
          <button
            key={score}
            type="button"
            className="lb-mood-scale__button"
            disabled={saving}
            aria-label={`Log mood ${score} of 5: ${word}`}
            onClick={() => void handleLog(score, word)}
          >
            <span className="lb-mood-scale__face">
              <MoodFace score={score} size={32} />
            </span>
            <span aria-hidden="true">{word}</span>
          </button>
        ))}
      </div>
      <div className="lb-row" role="status">
        {logged ? (
          <>
            <span>Logged: {logged.word}.</span>
            <Button size="small" variant="ghost" onClick={() => void handleUndo(logged.id)}>
              Undo
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
