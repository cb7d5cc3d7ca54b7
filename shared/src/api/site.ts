import { useEffect, useState } from 'react';
import { isSuccessStatus, send } from './client';

/** `GET /api/site/config`: how this site is set up, as the pages show it (no secrets). */
export interface SiteConfig {
  /** `test`: payments are not real; every page says so. */
  payments: 'stripe' | 'test';
  /** False when the site sends no mail (MAIL=off): screens that promise mail say so. */
  mail: boolean;
}

export const siteConfigUrl = '/api/site/config';

export function readSiteConfig(body: unknown): SiteConfig | null {
  if (typeof body !== 'object' || body === null) return null;
  const { payments, mail } = body as { payments?: unknown; mail?: unknown };
  return (payments === 'stripe' || payments === 'test') && typeof mail === 'boolean' ? { payments, mail } : null;
}

let pending: Promise<SiteConfig | null> | undefined;

/** Asked once per page load (the settings change only with a restart); a failed ask is tried again next time. */
export function loadSiteConfig(): Promise<SiteConfig | null> {
  pending ??= send({ method: 'GET', url: siteConfigUrl }).then(
    ({ status, body }) => {
      const config = isSuccessStatus(status) ? readSiteConfig(body) : null;
      if (!config) pending = undefined;
      return config;
    },
    () => {
      pending = undefined;
      return null;
    },
  );
  return pending;
}

/** The site's setup, or null until known (a screen then shows nothing about it rather than guess). */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadSiteConfig().then((loaded) => {
      if (live) setConfig(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** The sentence a screen that promises mail shows when the site sends none. */
export const mailOffNotice = 'This site does not send e-mail: whoever runs it has turned mail off.';
