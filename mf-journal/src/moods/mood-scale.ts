/** The 1–5 scale (the `mood` model's score): a word for each; MoodFace draws its face. */
export const moodScale = [
  { score: 1, word: 'Awful' },
  { score: 2, word: 'Low' },
  { score: 3, word: 'Okay' },
  { score: 4, word: 'Good' },
  { score: 5, word: 'Great' },
] as const;

export function moodWord(score: unknown): string {
  return moodScale.find((m) => m.score === score)?.word ?? 'Unknown';
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
