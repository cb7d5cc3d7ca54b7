/**
 * The site the bench measures, started as the e2e run starts it (e2e/support/start-site.ts): production builds
 * of the shell and the five remotes on free ports, and the compiled API on a throwaway embedded-database folder.
 * Nothing here listens on the developer's usual ports.
 */
import { remoteApps } from '../../e2e/support/site-info';
import type { RemoteApp } from '../../e2e/support/site-info';
import { repoRoot, startSite as startWholeSite } from '../../e2e/support/start-site';
import type { Account } from '../../e2e/support/start-site';

export { remoteApps, repoRoot };
export type { Account, RemoteApp };
export type AppName = 'shell' | RemoteApp;

export interface Site {
  shellUrl: string;
  apiUrl: string;
  /** Origin (http://localhost:port) → the app served there. */
  appOfOrigin: Map<string, AppName>;
  /** The shell's remotes file (area → manifest address), for another build served beside this one. */
  remotesFile: string;
  /** The seeded demo account (a plain user) and an admin made for the bench. */
  user: Account;
  admin: Account;
  stop(): Promise<void>;
}

const demo: Account = { email: 'demo@lifeboard.local', password: 'bench-demo-password' };
const admin: Account = { email: 'bench-admin@lifeboard.local', password: 'bench-admin-password' };

export interface SiteOptions {
  build: boolean;
  apiPortOverride?: number;
  /** Other origins the API answers (another build's shell served beside this one: journal-side.ts). */
  otherOrigins?: string[];
  log: (line: string) => void;
}

/** Builds (unless told not to), starts everything and makes the bench's admin account. */
export async function startSite({ build, apiPortOverride, otherOrigins = [], log }: SiteOptions): Promise<Site> {
  const site = await startWholeSite({
    label: 'bench',
    demoPassword: demo.password,
    admin,
    build,
    apiPort: apiPortOverride,
    log,
    ...(otherOrigins.length > 0
      ? { apiEnv: ({ shellUrl }) => ({ CORS_ORIGINS: [shellUrl, ...otherOrigins].join(',') }) }
      : {}),
  });
  const appOfOrigin = new Map<string, AppName>([[site.shellUrl, 'shell']]);
  for (const app of remoteApps) appOfOrigin.set(`http://localhost:${site.remotes[app].port}`, app);
  return {
    shellUrl: site.shellUrl,
    apiUrl: site.apiUrl,
    remotesFile: site.remotesFile,
    appOfOrigin,
    user: demo,
    admin,
    stop: site.stop,
  };
}
