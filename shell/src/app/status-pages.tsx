/** Shown while a shell page's code or the current user is still loading. */
export function PageLoading() {
  return (
    <p className="lb-page-loading" role="status">
      Loading…
    </p>
  );
}
