import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import { startApiSwitch } from './api-switch';
import { freePort, waitForPort } from './ports';
import type { SiteInfo } from './site-info';
import { repoRoot, startSite } from './start-site';

const demo = { email: 'demo@lifeboard.local', password: 'e2e-demo-password' };
// Not the demo admin (admin@lifeboard.local), which development seeds on the empty database.
const admin = { email: 'e2e-admin@lifeboard.local', password: 'e2e-admin-password' };

/** One site for the whole run (support/start-site.ts), with the development inbox and the API's on/off switch. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [smtpPort, mailWebPort] = await Promise.all([freePort(), freePort()]);
  // Web push keys as `pnpm start` makes them (web-push, the API's own dependency).
  const vapid = (
    createRequire(join(repoRoot, 'api', 'package.json'))('web-push') as {
      generateVAPIDKeys(): { publicKey: string; privateKey: string };
    }
  ).generateVAPIDKeys();
  const site = await startSite({
    label: 'e2e',
    demoPassword: demo.password,
    admin,
    build: process.env.E2E_SKIP_BUILD !== '1',
    // E2E_API_PORT pins the API's port (the bundles carry no address: E2E_SKIP_BUILD=1 reuses them on any port).
    apiPort: process.env.E2E_API_PORT ? Number(process.env.E2E_API_PORT) : undefined,
    // The development inbox the API mails to, as `pnpm start` runs it; specs read it through its REST API.
    before: async (start) => {
      start('maildev', join(repoRoot, 'node_modules', '.bin', 'maildev'), [
        '--smtp',
        String(smtpPort),
        '--ip',
        '127.0.0.1',
        '--web',
        String(mailWebPort),
        '--web-ip',
        '127.0.0.1',
      ]);
      await waitForPort(smtpPort, 'maildev', 30_000);
    },
    apiEnv: () => ({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      QUEUE_POLL_SECONDS: '1',
      REMINDER_SCAN_SECONDS: '5',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:admin@lifeboard.local',
      // As under `pnpm start`: the planner journey subscribes to a calendar feed served on this machine.
      CALENDAR_FETCH_ALLOW_LOOPBACK: 'true',
      // As `pnpm start` makes one: the CalDAV journey connects an account, whose password is kept encrypted with it.
      CALENDAR_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      // One address (this machine) opens every XSS payload's public page signed out, hundreds a minute.
      ANONYMOUS_REQUESTS_PER_MINUTE: '100000',
      // Every spec makes its own people, all from this machine's one address: more than 10 a minute.
      SIGNUPS_PER_MINUTE: '100000',
    }),
  });
  let switchServer: Server | undefined;
  try {
    const apiSwitch = await startApiSwitch({ stop: site.stopApi, start: site.startApi });
    switchServer = apiSwitch.server;
    await waitForPort(mailWebPort, 'maildev web', 30_000);
    const info: SiteInfo = {
      shellUrl: site.shellUrl,
      apiUrl: site.apiUrl,
      apiSwitchUrl: apiSwitch.url,
      remotes: site.remotes,
      remotesFile: site.remotesFile,
      demo,
      admin,
      repoRoot,
      mailUrl: `http://127.0.0.1:${mailWebPort}`,
      pgliteDir: site.pgliteDir,
    };
    project.provide('site', info);
  } catch (error) {
    switchServer?.close();
    await site.stop();
    throw error;
  }
  return async () => {
    switchServer?.close();
    await site.stop();
  };
}
