import './mood-face.css';

/** Each score's mouth: from a frown (1) to a wide smile (5); drawn, so it shows without an emoji font. */
const mouths: Record<number, string> = {
  1: 'M8 16.5 Q12 12.5 16 16.5',
  2: 'M8.5 16 Q12 14 15.5 16',
  3: 'M8.5 15.2 L15.5 15.2',
  4: 'M8.5 14 Q12 17 15.5 14',
  5: 'M7.5 13.5 Q12 19.5 16.5 13.5',
};

/** A drawn face for a mood score (1–5), decorative: the word beside it says the mood. */
export function MoodFace({ score, size = 24 }: { score: number; size?: number }) {
  const mouth = mouths[score];
  return (
    <svg
      className="lb-mood-face"
      data-score={score}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
      {mouth ? (
        <>
          <circle cx="8.8" cy="9.5" r="1.2" fill="currentColor" />
          <circle cx="15.2" cy="9.5" r="1.2" fill="currentColor" />
          <path d={mouth} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </>
      ) : null}
    </svg>
  );
}
