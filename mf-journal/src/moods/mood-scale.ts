/** The 1–5 scale: a face and a word for each score. */
export const moodScale = [
  { score: 1, face: '😞', word: 'Awful' },
  { score: 2, face: '🙁', word: 'Low' },
  { score: 3, face: '😐', word: 'Okay' },
  { score: 4, face: '🙂', word: 'Good' },
  { score: 5, face: '😄', word: 'Great' },
] as const;

export function moodWord(score: unknown): string {
  return moodScale.find((m) => m.score === score)?.word ?? 'Unknown';
}

export function moodFace(score: unknown): string {
  return moodScale.find((m) => m.score === score)?.face ?? '·';
}

/** Feelings offered as one-tap words; anything else can be typed in the note. */
export const commonEmotions = [
  'calm',
  'grateful',
  'happy',
  'excited',
  'tired',
  'anxious',
  'stressed',
  'sad',
  'angry',
  'lonely',
];
