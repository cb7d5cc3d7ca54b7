import type { Server } from 'node:http';
import type { AnalyticsSettings } from './runtime-settings.mjs';

/** Types for serve-static.mjs (a plain Node script), so TypeScript tests can import it. */
export const defaultPorts: Record<
  'shell' | 'mf-journal' | 'mf-goals' | 'mf-fitness' | 'mf-creator' | 'mf-admin',
  number
>;

export const staticHeaders: {
  all: Record<string, string>;
  shellDocument: Record<string, string>;
  remote: Record<string, string>;
  cache: { hashed: string; other: string };
};

export const hashedAsset: RegExp;

export function contentSecurityPolicy(
  remotes: Record<string, string>,
  apiUrl?: string,
  analytics?: AnalyticsSettings | null,
): string;

export function createStaticServer(options: {
  app: string;
  remotesFile?: string;
  /** The API's address the pages read from /settings.json; API_URL or http://localhost:4000 by default. */
  apiUrl?: string;
  /** The analytics tag; ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID by default, none when unset. */
  analyticsScriptUrl?: string;
  analyticsSiteId?: string;
  dist?: string;
}): Server;
