/** What an account page fetches: loading, failed with the sentence to show, or ready. */
type PageLoad = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready' };

/** A list not ready yet: a loading line, or why it failed with a retry. Nothing once ready. */
export function LoadStatus({ load, loading, onRetry }: { load: PageLoad; loading: string; onRetry: () => void }) {
  if (load.state === 'loading') return <p role="status">{loading}</p>;
  if (load.state === 'ready') return null;
  return (
    <div role="alert">
      <p>{load.message}</p>
      <button className="lb-button" type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
