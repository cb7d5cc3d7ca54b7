/**
 * The version of what the shell gives an area: the props of its parcel, the shared modules it takes from the
 * shell (the stores, the router, the UI kit) and how it mounts. Bundled into each side at build time (area/ is
 * not shared through Module Federation), so a remote states the contract it was built for and the shell
 * the one it runs (shell/src/remotes/load-area.ts).
 *
 * Raise `shellContract` when an area built against the new shape cannot run in a shell built before it (or the
 * reverse); raise `oldestAreaContract` when the shell stops giving what areas of an older contract need.
 */
export const shellContract = 1;
export const oldestAreaContract = 1;
