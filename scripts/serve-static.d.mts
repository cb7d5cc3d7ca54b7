import type { Server } from 'node:http';

/** Types for serve-static.mjs (a plain Node script), so TypeScript tests can import it. */
export const defaultPorts: Record<'shell' | 'mf-journal' | 'mf-goals' | 'mf-fitness' | 'mf-creator' | 'mf-admin', number>;

export function contentSecurityPolicy(remotes: Record<string, string>, apiUrl?: string): string;

export function createStaticServer(options: { app: string; remotesFile?: string; apiUrl?: string; dist?: string }): Server;
