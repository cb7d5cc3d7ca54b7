#!/usr/bin/env node
/**
 * `pnpm production:up`: the topology a real deployment runs, on this machine, from Debian's packages, on
 * loopback only:
 * - PostgreSQL 15 with its data in .data/production/postgres (a password on TCP; as root the cluster belongs to
 *   Debian's `postgres` user, which PostgreSQL requires);
 * - the migrations, once (api/dist/cli/migrate.js, under the API's advisory lock);
 * - under a supervisor that starts again whatever dies: two API processes (JOB_WORKERS=off), one worker
 *   (api/dist/worker.js: the queue and the scans) and MailDev as the SMTP server;
 * - nginx on http://localhost:8080 (PRODUCTION_PORT): the shell and every remote with the headers `pnpm start`
 *   serves, `/api/` spread over the two API processes (deploy/nginx/lifeboard.conf.template).
 * Every setting is stated: NODE_ENV=production, PAYMENTS_PROVIDER=test (card 4242 pays), SMTP_URL to MailDev,
 * one APP_SECRET (kept in .data/production/secrets.json), DATABASE_URL.
 *
 * Run again while it runs, it deploys: builds, migrates, restarts the processes one at a time (each drains its
 * requests; nginx sends new ones to the other) and reloads nginx, whose old workers finish their connections.
 * Options: --skip-build (use the existing builds). `pnpm production:down` stops all of it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, closeSync, rmSync, symlinkSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, isPortOpen } from '../ports.mjs';
import { fillNginxTemplate, readNginxTemplate } from './nginx-config.mjs';
import {
  asPostgres,
  buildRow,
  isAlive,
  isRoot,
  nginxArgs,
  nginxBin,
  nginxPid,
  productionPaths,
  readJson,
  remoteApps,
  repoRoot,
  waitUntil,
  writeAtomically,
} from './common.mjs';

const args = new Set(process.argv.slice(2));
const paths = productionPaths();
const sitePort = Number(process.env.PRODUCTION_PORT ?? 8080);
const siteUrl = `http://localhost:${sitePort}`;

function say(line) {
  process.stdout.write(`[production] ${line}\n`);
}

function run(command, commandArgs, options = {}) {
  execFileSync(command, commandArgs, { cwd: repoRoot, stdio: 'inherit', ...options });
}

/** The secrets of this installation, made once and kept (mode 600): restarting must not void links or sessions. */
function secrets() {
  const kept = readJson(paths.secrets);
  if (kept) return kept;
  const made = {
    APP_SECRET: randomBytes(32).toString('base64url'),
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
    POSTGRES_PASSWORD: randomBytes(24).toString('base64url'),
  };
  writeAtomically(paths.secrets, `${JSON.stringify(made, null, 2)}\n`, 0o600);
  return made;
}

/** The cluster in .data/production/postgres, made on first start; started and left with a `lifeboard` database. */
async function startPostgres(port, password) {
  const data = paths.postgres;
  if (!existsSync(join(data, 'PG_VERSION'))) {
    say('PostgreSQL: making the cluster');
    mkdirSync(data, { recursive: true });
    const pwfile = join(paths.dir, 'pgpass.tmp');
    writeAtomically(pwfile, `${password}\n`, 0o600);
    if (isRoot) {
      execFileSync('chown', ['postgres:postgres', data, pwfile]);
    }
    try {
      asPostgres('initdb', [
        '-D',
        data,
        '-U',
        'postgres',
        '-E',
        'UTF8',
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        `--pwfile=${pwfile}`,
      ]);
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  const options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1`;
  asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(data, 'server.log'), '-w', 'start']);
  const exists = asPostgres('psql', [
    '-h',
    data,
    '-p',
    String(port),
    '-U',
    'postgres',
    '-tAc',
    "select 1 from pg_database where datname = 'lifeboard'",
  ])
    .toString()
    .trim();
  if (exists !== '1') asPostgres('createdb', ['-h', data, '-p', String(port), '-U', 'postgres', 'lifeboard']);
}

/** areas/remotes/<app> → each remote's build, areas/releases → dist-releases (what nginx serves them from). */
function linkAreas() {
  mkdirSync(join(paths.areas, 'remotes'), { recursive: true });
  mkdirSync(paths.releases, { recursive: true });
  const link = (target, at) => {
    try {
      lstatSync(at);
      rmSync(at, { force: true });
    } catch {
      // not there yet
    }
    symlinkSync(target, at);
  };
  for (const app of remoteApps) link(join(repoRoot, app, 'dist'), join(paths.areas, 'remotes', app));
  link(paths.releases, join(paths.areas, 'releases'));
  // Every area on the build just made, except an area a team deployed a version of (`pnpm deploy:remote`): that
  // one stays on its version until it deploys again or rolls back.
  const live = readJson(join(paths.releases, 'remotes.json'), {});
  const rows = Object.fromEntries(
    remoteApps.map((app) => {
      const row = app.replace('-', '_');
      const deployed = typeof live[row] === 'string' && live[row].startsWith('/releases/') ? live[row] : null;
      if (deployed) say(`${app} stays on its deployed version ${deployed}`);
      return [row, deployed ?? buildRow(app)];
    }),
  );
  writeAtomically(join(paths.releases, 'remotes.json'), `${JSON.stringify(rows, null, 2)}\n`);
}

/** The whole nginx.conf of this machine: the shared site file, filled in, inside an http block of its own. */
function writeNginxConfig(apiPorts) {
  mkdirSync(paths.nginx, { recursive: true });
  const site = fillNginxTemplate(readNginxTemplate(), {
    LIFEBOARD_LISTEN: `127.0.0.1:${sitePort}`,
    LIFEBOARD_API_SERVERS: apiPorts.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join(' '),
    LIFEBOARD_SITE_ROOT: join(repoRoot, 'shell/dist'),
    LIFEBOARD_AREAS_ROOT: paths.areas,
    LIFEBOARD_MAX_BODY: '12m',
  });
  writeAtomically(join(paths.nginx, 'lifeboard.conf'), site);
  const main = [
    '# Written by scripts/production/up.mjs: nginx for this machine around deploy/nginx/lifeboard.conf.template.',
    // As root the workers run as nobody: they only read the builds and write their own temporary files.
    ...(isRoot ? ['user nobody nogroup;'] : []),
    'worker_processes 2;',
    `pid ${join(paths.nginx, 'nginx.pid')};`,
    `error_log ${join(paths.logs, 'nginx-error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    // Which API process answered each request (upstream=), and how long it took.
    '    log_format lifeboard \'$remote_addr [$time_local] "$request" $status $body_bytes_sent rt=$request_time upstream=$upstream_addr\';',
    `    access_log ${join(paths.logs, 'nginx-access.log')} lifeboard;`,
    '    sendfile on;',
    '    keepalive_timeout 65;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `    ${kind}_temp_path ${join(paths.nginx, `${kind}_temp`)};`,
    ),
    `    include ${join(paths.nginx, 'lifeboard.conf')};`,
    '}',
    '',
  ].join('\n');
  writeAtomically(join(paths.nginx, 'nginx.conf'), main);
  execFileSync(nginxBin, ['-t', '-q', ...nginxArgs(paths)], { stdio: 'inherit' });
}

function processes(ports, secret) {
  const database = `postgres://postgres:${encodeURIComponent(secret.POSTGRES_PASSWORD)}@127.0.0.1:${ports.postgres}/lifeboard`;
  const common = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: database,
    APP_SECRET: secret.APP_SECRET,
    METRICS_TOKEN: secret.METRICS_TOKEN,
    // Stated, not defaulted: the built-in test provider (card 4242 pays) and MailDev as the mail server.
    PAYMENTS_PROVIDER: 'test',
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}?ignoreTLS=true`,
    APP_URL: siteUrl,
    PUBLIC_API_URL: siteUrl,
    CORS_ORIGINS: siteUrl,
    // nginx on this machine is the one proxy whose X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    UPLOADS_DIR: paths.uploads,
  };
  const node = (entry, name, port, extra) => ({
    name,
    role: name === 'worker' ? 'worker' : 'api',
    port,
    command: process.execPath,
    args: ['--enable-source-maps', join(repoRoot, 'api/dist', entry)],
    cwd: join(repoRoot, 'api'),
    env: { ...common, PORT: String(port), INSTANCE_NAME: name, ...extra },
    readyUrl: `http://127.0.0.1:${port}/api/health/ready`,
  });
  return [
    {
      name: 'maildev',
      role: 'mail',
      port: ports.mailWeb,
      command: join(repoRoot, 'node_modules/.bin/maildev'),
      args: [
        '--smtp',
        String(ports.smtp),
        '--ip',
        '127.0.0.1',
        '--web',
        String(ports.mailWeb),
        '--web-ip',
        '127.0.0.1',
      ],
      cwd: repoRoot,
      env: {},
    },
    node('server.js', 'api-1', ports.api[0], { JOB_WORKERS: 'off' }),
    node('server.js', 'api-2', ports.api[1], { JOB_WORKERS: 'off' }),
    node('worker.js', 'worker', ports.worker, {}),
  ];
}

async function waitReady(specs) {
  await Promise.all(
    specs
      .filter((spec) => spec.readyUrl)
      .map((spec) =>
        waitUntil(
          `${spec.name} was not ready (logs in ${join(paths.logs, `${spec.name}.log`)})`,
          async () => {
            try {
              return (await fetch(spec.readyUrl, { signal: AbortSignal.timeout(2_000) })).ok;
            } catch {
              return false;
            }
          },
          120_000,
          300,
        ),
      ),
  );
}

function build() {
  if (args.has('--skip-build')) return;
  say('building the shell, the five remotes and the API');
  run('pnpm', ['build'], { env: { ...process.env, NODE_ENV: 'production' } });
}

function migrate(specs) {
  const { env } = specs.find((spec) => spec.role === 'api');
  say('migrating the database');
  run(process.execPath, [join(repoRoot, 'api/dist/cli/migrate.js')], {
    cwd: join(repoRoot, 'api'),
    env: { ...process.env, ...env },
  });
}

/** Already running: a deploy of the new build, without stopping the site. */
async function deploy(state, config) {
  build();
  migrate(config.processes);
  linkAreas();
  writeNginxConfig(config.ports.api);
  process.kill(state.supervisor, 'SIGHUP');
  execFileSync(nginxBin, [...nginxArgs(paths), '-s', 'reload'], { stdio: 'inherit' });
  say('deploying: the processes restart one at a time; nginx reloaded (its old workers finish their requests)');
  // The supervisor restarts them one after the other; the last one's new pid is ready when it answers.
  const before = Object.fromEntries(Object.entries(state.processes).map(([name, entry]) => [name, entry.pid]));
  await waitUntil(
    'the rolling restart did not finish',
    () => {
      const now = readJson(paths.state);
      return config.processes
        .filter((spec) => spec.role !== 'mail')
        .every((spec) => now?.processes[spec.name]?.pid && now.processes[spec.name].pid !== before[spec.name]);
    },
    300_000,
    500,
  );
  await waitReady(config.processes);
  say(`deployed: ${siteUrl}`);
}

async function main() {
  mkdirSync(paths.logs, { recursive: true });
  const state = readJson(paths.state);
  const config = readJson(paths.config);
  if (state && isAlive(state.supervisor) && config) {
    await deploy(state, config);
    return;
  }
  if (await isPortOpen(sitePort))
    throw new Error(`port ${sitePort} is in use: set PRODUCTION_PORT, or stop what listens there`);
  build();
  const secret = secrets();
  const [postgres, api1, api2, worker, smtp, mailWeb] = await Promise.all(Array.from({ length: 6 }, freePort));
  const ports = { site: sitePort, postgres, api: [api1, api2], worker, smtp, mailWeb };
  say(`PostgreSQL on 127.0.0.1:${postgres}`);
  await startPostgres(postgres, secret.POSTGRES_PASSWORD);
  const specs = processes(ports, secret);
  migrate(specs);
  linkAreas();
  writeAtomically(paths.config, `${JSON.stringify({ ports, processes: specs }, null, 2)}\n`, 0o600);
  writeNginxConfig(ports.api);

  const out = openSync(join(paths.logs, 'supervisor.log'), 'a');
  const supervisor = spawn(process.execPath, [join(repoRoot, 'scripts/production/supervisor.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, PRODUCTION_DIR: paths.dir, PRODUCTION_RELEASES_DIR: paths.releases },
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  supervisor.unref();
  say(`supervisor (pid ${supervisor.pid}) starts api-1 :${api1}, api-2 :${api2}, the worker :${worker} and MailDev`);
  await waitReady(specs);
  execFileSync(nginxBin, nginxArgs(paths), { stdio: 'inherit' });
  await waitUntil('nginx did not start', () => nginxPid(paths) !== null && isPortOpen(sitePort), 15_000);
  console.log(`
Lifeboard runs in production mode:
  site      ${siteUrl}  (nginx; /api/ to api-1 and api-2)
  inbox     http://localhost:${mailWeb}  (MailDev: every mail the site sends)
  payments  the built-in test provider (PAYMENTS_PROVIDER=test): card 4242 4242 4242 4242 pays
  database  PostgreSQL 15 on 127.0.0.1:${postgres}, data in ${paths.postgres}
  logs      ${paths.logs}
Run it again to deploy a new build; \`pnpm production:down\` stops it all.
`);
}

main().catch((error) => {
  console.error(`\nproduction:up failed: ${error instanceof Error ? error.message : error}`);
  console.error('`pnpm production:down` stops whatever did start.');
  process.exit(1);
});
