let settle: () => void = () => undefined;

/**
 * Settles once this page load's first screen is in (an area's first mount, or the shell's first render; 3 s at
 * most), after a paint, in an idle moment (bootstrap.tsx): what that screen does not show waits for it, so on a
 * first load it does not take the network, the API or the main thread from that screen.
 */
export const firstScreenIn = new Promise<void>((resolve) => {
  settle = resolve;
});

export function markFirstScreenIn(): void {
  settle();
}
