import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { listOf, useApiGet } from '@lifeboard/shared/api/use-api-get';
import { useCollection } from '@lifeboard/shared/stores/use-collection';

export interface ProgramReview {
  program_id: number;
  decision: 'approve' | 'reject' | 'unpublish';
  reason: string | null;
  created_at: string;
}

const decisions = ['approve', 'reject', 'unpublish'] as const;

/** `GET /api/program/reviews`. */
export function readReviews(body: unknown): ProgramReview[] | null {
  const list = listOf(body, 'reviews');
  if (!list) return null;
  return list.flatMap((r) => {
    const decision = decisions.find((d) => d === r.decision);
    return decision && typeof r.program_id === 'number' && typeof r.created_at === 'string'
      ? [
          {
            program_id: r.program_id,
            decision,
            reason: typeof r.reason === 'string' ? r.reason : null,
            created_at: r.created_at,
          },
        ]
      : [];
  });
}

/**
 * On `/creator-programs`: what review says about the creator's programs now — which wait for an admin, and
 * why one was sent back (an admin's rejection or unpublishing, with the reason the admin gave).
 */
export function ReviewNotes() {
  const { items } = useCollection('program');
  const reviews = useApiGet('/api/program/reviews', readReviews);
  const latest = new Map(reviews.state === 'ready' ? reviews.data.map((r) => [r.program_id, r]) : []);
  const notes = items
    .filter((p) => p.id > 0)
    .flatMap((program) => {
      const name = String(program.title ?? 'Your program');
      if (program.status === 'review')
        return [
          { id: program.id, text: `“${name}” is waiting for an admin’s review. It is listed and sold once approved.` },
        ];
      const review = latest.get(program.id);
      if (program.status !== 'draft' || !review || review.decision === 'approve') return [];
      const what = review.decision === 'reject' ? 'An admin sent it back' : 'An admin unpublished it';
      return [
        {
          id: program.id,
          text: `“${name}”: ${what} on ${formatDisplayDay(review.created_at)}${review.reason ? `: “${review.reason}”` : '.'} Change what is asked, then set its status to Published to send it for review again.`,
        },
      ];
    });
  if (notes.length === 0) return null;
  return (
    <ul className="lb-stack" aria-label="Review">
      {notes.map((note) => (
        <li key={note.id}>{note.text}</li>
      ))}
    </ul>
  );
}
