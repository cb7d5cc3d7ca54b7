/** What the global set-up hands every spec (through Vitest's provide/inject). */
export const remoteApps = ['mf-journal', 'mf-goals', 'mf-fitness', 'mf-creator', 'mf-admin'] as const;
export type RemoteApp = (typeof remoteApps)[number];

export interface SiteInfo {
  shellUrl: string;
  apiUrl: string;
  /** Stops and starts the API for a spec (support/api-switch.ts `switchApi`). */
  apiSwitchUrl: string;
  remotes: Record<RemoteApp, { port: number; pid: number }>;
  /** The remotes.json the shell is served with. */
  remotesFile: string;
  demo: { email: string; password: string };
  /** An account with the admin role, made with the API's `admin:create` command. */
  admin: { email: string; password: string };
  repoRoot: string;
  /** MailDev's web/REST address (GET /api/email lists what the site sent); its SMTP port is the API's SMTP_URL. */
  mailUrl: string;
  /** The API's PGlite data folder, for specs that check what the database holds on disk. */
  pgliteDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    site: SiteInfo;
  }
}
