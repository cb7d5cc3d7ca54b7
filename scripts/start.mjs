#!/usr/bin/env node
/**
 * `pnpm start`: builds the API (compiled JavaScript, `node dist/server.js`), the shell and the five remotes,
 * starts the API (embedded PGlite database, in development mode: the demo account is made on an empty
 * database), serves the shell on :3000 and the remotes on :3001–3005, prints the addresses, and stops
 * everything on Ctrl-C. `pnpm dev` (`--dev`): `rspack serve` for each app and `tsx watch` for the API.
 * With the API it also runs MailDev, the development inbox the API sends every mail to (SMTP on 127.0.0.1:1025,
 * web inbox and REST API on http://localhost:1080; MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT move them).
 * Options: --skip-build (serve the existing dist/ folders), --no-api (the API runs elsewhere).
 * The pages read the API's address and the analytics tag from the served /settings.json: API_URL (by default
 * http://localhost:$PORT_API), ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID (none by default); no rebuild needed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPortOpen, waitForPort } from './ports.mjs';
import { createStaticServer, defaultPorts } from './serve-static.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const isDev = args.has('--dev');
const skipBuild = args.has('--skip-build');
const withApi = !args.has('--no-api');
const apiPort = Number(process.env.PORT_API ?? 4000);
const mailSmtpPort = Number(process.env.MAILDEV_SMTP_PORT ?? 1025);
const mailWebPort = Number(process.env.MAILDEV_WEB_PORT ?? 1080);
const apps = Object.keys(defaultPorts);
// A known demo password so the address and password can be printed on every start, not only the first. The demo
// accounts are seeded directly (development only), so the sign-up strength rule does not apply to this one.
const demoPassword = process.env.DEMO_PASSWORD ?? 'lifeboard-demo';
/** Two cores here: two builds at a time is the sweet spot. */
const buildConcurrency = Number(process.env.BUILD_CONCURRENCY ?? 2);

const children = new Set();
const servers = [];
let stopping = false;

function log(name, line) {
  process.stdout.write(`[${name.padEnd(10)}] ${line}\n`);
}

function run(name, command, commandArgs, { cwd = repoRoot, env = {}, quiet = false } = {}) {
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stopping reaches its children too
  });
  children.add(child);
  const output = [];
  const forward = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (!quiet) log(name, line);
    }
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
  child.done = new Promise((resolveDone) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolveDone({ code, signal, output });
    });
    child.on('error', (error) => {
      children.delete(child);
      resolveDone({ code: 1, signal: null, output: [...output, error.message] });
    });
  });
  return child;
}

/**
 * Web push keys (VAPID) for this machine when none are set: made once with web-push and kept in api/.data, so
 * browsers that turned push on keep working across restarts (a new pair would void their subscriptions).
 */
function developmentPushKeys() {
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) {
    return {
      VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY,
      VAPID_SUBJECT: process.env.VAPID_SUBJECT ?? 'mailto:admin@lifeboard.local',
    };
  }
  const file = join(repoRoot, 'api/.data/vapid-development.json');
  let keys;
  try {
    keys = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    keys = createRequire(join(repoRoot, 'api/package.json'))('web-push').generateVAPIDKeys();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(keys, null, 2));
  }
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: process.env.VAPID_SUBJECT ?? 'mailto:admin@lifeboard.local',
  };
}

/**
 * The key CalDAV passwords are encrypted with (CALENDAR_CREDENTIALS_KEY) for this machine when none is set: made
 * once and kept in api/.data, so connected accounts keep working across restarts (a new key voids their passwords).
 */
function developmentCalendarKey() {
  if (process.env.CALENDAR_CREDENTIALS_KEY) return { CALENDAR_CREDENTIALS_KEY: process.env.CALENDAR_CREDENTIALS_KEY };
  const file = join(repoRoot, 'api/.data/calendar-credentials-development.key');
  let key;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch {
    key = randomBytes(32).toString('base64');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
  }
  return { CALENDAR_CREDENTIALS_KEY: key };
}

async function buildAll() {
  const started = Date.now();
  const queue = [...apps];
  const worker = async () => {
    while (queue.length && !stopping) {
      const app = queue.shift();
      const t0 = Date.now();
      const child = run(app, 'pnpm', ['exec', 'rspack', 'build'], {
        cwd: join(repoRoot, app),
        env: { NODE_ENV: 'production' },
        quiet: true,
      });
      const { code, output } = await child.done;
      if (code !== 0) {
        for (const line of output.slice(-40)) log(app, line);
        throw new Error(`The build of ${app} failed (exit ${code})`);
      }
      log(app, `built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: buildConcurrency }, worker));
  log('build', `all apps built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function stopAll(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  for (const server of servers) server.close();
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(exitCode);
  }, 1500).unref();
  if (children.size === 0) process.exit(exitCode);
}

function watchChild(name, child) {
  void child.done.then(({ code, signal }) => {
    if (stopping) return;
    log(name, `stopped unexpectedly (${signal ?? `exit ${code}`}); shutting everything down`);
    stopAll(1);
  });
}

async function main() {
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  const ports = [
    ...apps.map((app) => [app, defaultPorts[app]]),
    ...(withApi
      ? [
          ['api', apiPort],
          ['maildev', mailSmtpPort],
          ['maildev', mailWebPort],
        ]
      : []),
  ];
  const busy = [];
  for (const [name, port] of ports) if (await isPortOpen(port)) busy.push(`${name} :${port}`);
  if (busy.length) throw new Error(`Ports already in use: ${busy.join(', ')}. Is another \`pnpm start\` running?`);

  if (withApi) {
    // In-memory inbox: what the API mails (reset links, invitations, reminders) is read at http://localhost:1080.
    const maildev = run(
      'maildev',
      join(repoRoot, 'node_modules', '.bin', 'maildev'),
      ['--smtp', String(mailSmtpPort), '--ip', '127.0.0.1', '--web', String(mailWebPort), '--web-ip', '127.0.0.1'],
      { quiet: true },
    );
    watchChild('maildev', maildev);
    if (!isDev && (!skipBuild || !existsSync(join(repoRoot, 'api/dist/server.js')))) {
      const { code, output } = await run('api', 'pnpm', ['--filter', '@lifeboard/api', 'build'], { quiet: true }).done;
      if (code !== 0) {
        for (const line of output.slice(-40)) log('api', line);
        throw new Error(`The build of the API failed (exit ${code})`);
      }
    }
    // Development mode, on this machine only: it is what makes the demo account (never on a production database).
    const api = run('api', 'pnpm', ['--filter', '@lifeboard/api', isDev ? 'dev' : 'start'], {
      env: {
        PORT: String(apiPort),
        DEMO_PASSWORD: demoPassword,
        NODE_ENV: 'development',
        CALENDAR_FETCH_ALLOW_LOOPBACK: 'true',
        SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${mailSmtpPort}?ignoreTLS=true`,
        ...developmentPushKeys(),
        ...developmentCalendarKey(),
      },
    });
    watchChild('api', api);
  }

  if (isDev) {
    for (const app of apps) {
      const child = run(app, 'pnpm', ['exec', 'rspack', 'serve'], {
        cwd: join(repoRoot, app),
        env: { NODE_ENV: 'development' },
      });
      watchChild(app, child);
    }
  } else {
    if (!skipBuild) await buildAll();
    for (const app of apps) {
      // The same build whatever the API's address: the pages read it from /settings.json (scripts/runtime-settings.mjs).
      const server = createStaticServer({ app, apiUrl: process.env.API_URL || `http://localhost:${apiPort}` });
      await new Promise((resolveListen, rejectListen) => {
        server.once('error', rejectListen);
        server.listen(defaultPorts[app], () => resolveListen());
      });
      servers.push(server);
    }
  }

  await Promise.all(
    ports.map(([name, port]) => waitForPort(port, name, name === 'api' ? 60_000 : 90_000, () => stopping)),
  );
  console.log('\nLifeboard is running:');
  console.log(`  site     http://localhost:${defaultPorts.shell}`);
  if (withApi) {
    console.log(`  API      http://localhost:${apiPort}`);
    console.log(`  demo     demo@lifeboard.local / ${demoPassword}  (made on an empty database)`);
    console.log(`  admin    admin@lifeboard.local / ${demoPassword}  (reviews programs)`);
    console.log(`  creator  creator@lifeboard.local / ${demoPassword}  (sells a published paid program)`);
    console.log(
      process.env.STRIPE_SECRET_KEY && process.env.STRIPE_WEBHOOK_SECRET
        ? '  payments Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set)'
        : '  payments built-in test provider: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
    );
    console.log(
      process.env.VAPID_PUBLIC_KEY
        ? '  push     web push with the VAPID keys set in the environment'
        : '  push     web push with development keys (api/.data/vapid-development.json); turn it on under Account › Devices',
    );
    console.log(
      process.env.CALENDAR_CREDENTIALS_KEY
        ? '  caldav   CalDAV passwords encrypted with the CALENDAR_CREDENTIALS_KEY set in the environment'
        : '  caldav   CalDAV passwords encrypted with a development key (api/.data/calendar-credentials-development.key)',
    );
    console.log(
      process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET
        ? `  google   Google Calendar connects (redirect URI to register: http://localhost:${apiPort}/api/calendar/google/callback)`
        : '  google   Google Calendar off: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (README › Calendar connections)',
    );
    console.log(
      `  inbox    http://localhost:${mailWebPort}  (MailDev: every mail the site sends, e.g. password resets and reminders)`,
    );
  }
  for (const app of apps.slice(1))
    console.log(`  ${app.padEnd(10)} http://localhost:${defaultPorts[app]}/mf-manifest.json`);
  console.log('Press Ctrl-C to stop.\n');
}

main().catch((error) => {
  console.error(`\npnpm start failed: ${error instanceof Error ? error.message : error}`);
  stopAll(1);
});
