/** Types for common.mjs (a plain Node script), so TypeScript tests can import it. */
export const repoRoot: string;
export const remoteApps: string[];
export function buildRow(app: string): string;
/** Whether the process runs: not gone, and not an unreaped zombie. */
export function isAlive(pid: number | null | undefined): boolean;
