/**
 * `pnpm bench`: every benchmark, each number printed beside its target, then the targets missed; a missed target
 * never fails the run. BENCH_PARTS picks parts (comma-separated; all by default): the API's (api/, against the
 * built API in its own process) `api`, `reminders`, `api-habits`, `api-fitness`, `api-calendar`, `market`; the site's
 * in Chromium (production builds served as production serves them) `areas`, `screens`, `lighthouse`, `journal`,
 * `fitness`, `calendar`; `production` (`pnpm production:up`) and `encryption`. The README lists each part's settings.
 */
import { cpus, loadavg } from 'node:os';
import { launchBrowser } from '../../e2e/support/browser';
import { codeGzip } from './bytes';
import { measureCalendarWeek } from './calendar-week';
import { measureFitness } from './fitness';
import { measureJournal } from './journal';
import { serveSideBuild, sideBuildDir, sideShellPort } from './journal-side';
import { measureEncryption } from './encryption';
import { measureMarket } from './market';
import { measureProduction } from './production';
import { medianRun, runLighthouse } from './lighthouse';
import type { LighthouseRun } from './lighthouse';
import { bytesTable, describeTarget, fileList, isMet, kb, median, ms, table } from './report';
import type { Target } from './report';
import { startSite } from './site';
import type { Site } from './site';
import { signIn } from './visitor';
import type { Session } from './visitor';
import { isAdminScreen, screenBytes, screens, visitScreen } from './screens';
import { areas, visitArea, visitHome, visitSignedOut } from './visits';
import type { AreaVisit } from './visits';
import { measureCalendarApi } from './api/calendar';
import { measureFitnessApi } from './api/fitness';
import { measureHabitsApi } from './api/habits';
import { measureNotes } from './api/notes';
import { measureReminders } from './api/reminders';

const clickRuns = Number(process.env.BENCH_RUNS ?? 5);
const lighthouseRuns = Number(process.env.BENCH_LH_RUNS ?? 3);
const listFiles = process.env.BENCH_FILES === '1';
const onlyScreens = process.env.BENCH_SCREENS?.split(',')
  .map((path) => path.trim())
  .filter(Boolean);
const siteParts = ['areas', 'screens', 'lighthouse', 'journal', 'fitness', 'calendar'];
/** Each part that needs no built site, in the order they run. */
const ownParts: Record<string, (targets: Target[], log: (line: string) => void) => Promise<void>> = {
  api: measureNotes,
  reminders: measureReminders,
  'api-habits': measureHabitsApi,
  'api-fitness': measureFitnessApi,
  'api-calendar': measureCalendarApi,
  market: measureMarket,
  production: measureProduction,
  encryption: measureEncryption,
};
const parts = new Set(
  (process.env.BENCH_PARTS ?? [...Object.keys(ownParts), ...siteParts].join(',')).split(',').map((part) => part.trim()),
);
const log = (line: string) => console.log(line);
const targets: Target[] = [];

function check(target: Target): string {
  targets.push(target);
  return describeTarget(target);
}

/** The click-to-content table; the targets join the summary. */
function clickTable(first: ReadonlyMap<string, AreaVisit[]>): string {
  const rows = [['area', 'first visit', 'min–max', 'target ≤ 300 ms']];
  for (const area of areas) {
    const cold = (first.get(area.name) ?? []).map((visit) => visit.ms);
    const target: Target = {
      label: `${area.name} click to content, first visit`,
      value: median(cold),
      limit: 300,
      kind: 'max',
      format: ms,
    };
    targets.push(target);
    rows.push([
      area.name,
      ms(target.value),
      `${ms(Math.min(...cold))}–${ms(Math.max(...cold))}`,
      isMet(target) ? 'met' : 'MISSED',
    ]);
  }
  return table(rows);
}

/** The API requests of /home that are the widgets' (the layout's own session, notification and site checks aside). */
const shellOwnCall = /^\w+ \/api\/(user|notifications?|site)(\/|$)/;

async function measureBytesAndClicks(site: Site, user: Session, admin: Session): Promise<string> {
  const browser = await launchBrowser();
  try {
    log('\n1. What a first visit downloads (Chromium network log; gzip -9 of each body; kB = 1000 bytes)');
    const landing = await visitSignedOut(browser, site, '/');
    log('\n  / signed out (the landing page, prerendered at build time):');
    log(bytesTable(landing));
    if (listFiles) log(fileList(landing));
    log(
      `    JS gzip in all: ${kb(codeGzip(landing, ['js']))}, ${check({ label: 'landing JS gzip', value: codeGzip(landing, ['js']), limit: 160_000, kind: 'max', format: kb })}`,
    );
    const signIn = await visitSignedOut(browser, site, '/login');
    log("\n  /login signed out (the app's own first load: React, router, MF runtime, single-spa, the shell):");
    log(bytesTable(signIn));
    if (listFiles) log(fileList(signIn));
    log(
      `    JS gzip in all: ${kb(codeGzip(signIn, ['js']))} (the landing target, applied to the app itself: ${describeTarget({ label: '', value: codeGzip(signIn, ['js']), limit: 160_000, kind: 'max', format: kb })})`,
    );

    const home = await visitHome(browser, site, user);
    log("\n  /home signed in (a 1280×800 window's first screen: the areas' widgets in view load, the others wait):");
    log(bytesTable(home.transfers));
    if (listFiles) log(fileList(home.transfers));
    const large = home.transfers.filter((transfer) => transfer.kind === 'js' && transfer.gzip > 20_000);
    log(
      `    scripts over 20 kB gzip: ${large.map((transfer) => `${new URL(transfer.url).pathname.slice(1)} ${kb(transfer.gzip)}`).join(', ') || 'none'}`,
    );
    const dataCalls = home.apiCalls.filter((call) => !shellOwnCall.test(call));
    log(
      `    API requests of the widgets, scrolled to the end: ${dataCalls.length} (${dataCalls.join(', ')}), ${check({ label: '/home widget API requests', value: dataCalls.length, limit: 1, kind: 'max', format: String })}`,
    );

    const first = new Map<string, AreaVisit[]>();
    const needed = new Map<string, AreaVisit>();
    const fromHome = new Map<string, AreaVisit>();
    for (const area of areas) {
      const session = area.adminOnly ? admin : user;
      const cold: AreaVisit[] = [];
      for (let run = 0; run < clickRuns; run += 1) cold.push(await visitArea(browser, site, session, area, 'hover'));
      first.set(area.name, cold);
      needed.set(area.name, await visitArea(browser, site, session, area, 'tap'));
      if (!area.adminOnly) fromHome.set(area.name, await visitArea(browser, site, session, area, 'hover', '/home'));
    }

    log(
      '\n  First visit of each area: what a click from /boards (a shell page that loads no area code) adds, per app.',
    );
    log("  The pointer crosses the link first, so the shell's hover preloading runs too, as for a mouse user;");
    log('  "needed" is the same click without hover (a tap): only what the area itself asks for.');
    for (const area of areas) {
      const visit = first.get(area.name)?.[0];
      if (!visit) continue;
      const added = codeGzip(visit.transfers);
      log(`\n   ${area.name} (${area.label}${area.adminOnly ? ', as an admin' : ''}):`);
      log(bytesTable(visit.transfers, '      '));
      if (listFiles) log(fileList(visit.transfers, '        '));
      const tapped = needed.get(area.name)?.transfers ?? [];
      const own = codeGzip(visit.transfers.filter((transfer) => transfer.app === area.app));
      log(
        `      adds JS+CSS gzip ${kb(added)} (${kb(own)} from ${area.app}, ${kb(added - own)} of shared code from the shell), ${check({ label: `${area.name} first visit adds (JS+CSS gzip)`, value: added, limit: 50_000, kind: 'max', format: kb })}`,
      );
      log(`      needed (tap, no hover preload): ${kb(codeGzip(tapped))} in ${tapped.length} files`);
      const homeFirst = fromHome.get(area.name)?.transfers ?? [];
      if (!area.adminOnly)
        log(
          `      from /home instead (the kit, and ${area.app}'s entry if its widgets were in view): adds ${kb(codeGzip(homeFirst))}`,
        );
      const errors = [...new Set((first.get(area.name) ?? []).flatMap((v) => v.errors))];
      if (errors.length) log(`      page errors: ${errors.join(' | ')}`);
    }

    return clickTable(first);
  } finally {
    await browser.close();
  }
}

/** Each area's main screens on their own first visit (screens.ts): time to the first heading and bytes added. */
async function measureScreens(site: Site, user: Session, admin: Session): Promise<void> {
  log(
    `\n4. Each main screen's first visit from /boards, in-app navigation → its first heading (median of ${clickRuns}); JS+CSS gzip it adds`,
  );
  const browser = await launchBrowser();
  const rows = [['screen', 'area', 'to content', 'target ≤ 300 ms', 'adds (gzip)', 'target']];
  try {
    for (const screen of screens.filter((item) => !onlyScreens?.length || onlyScreens.includes(item.path))) {
      const session = isAdminScreen(screen) ? admin : user;
      const visits = [];
      for (let run = 0; run < clickRuns; run += 1) visits.push(await visitScreen(browser, site, session, screen));
      const time: Target = {
        label: `${screen.path} first visit, to content`,
        value: median(visits.map((visit) => visit.ms)),
        limit: 300,
        kind: 'max',
        format: ms,
      };
      const bytes: Target = {
        label: `${screen.path} first visit adds (JS+CSS gzip)`,
        value: screenBytes(visits[0]),
        limit: screen.bytesLimit ?? 50_000,
        kind: 'max',
        format: kb,
      };
      targets.push(time, bytes);
      rows.push([
        screen.path,
        screen.area,
        ms(time.value),
        isMet(time) ? 'met' : 'MISSED',
        kb(bytes.value),
        `≤ ${kb(bytes.limit)}: ${isMet(bytes) ? 'met' : 'MISSED'}`,
      ]);
      const errors = [...new Set(visits.flatMap((visit) => visit.errors))];
      if (errors.length) log(`  ${screen.path} page errors: ${errors.join(' | ')}`);
      if (listFiles) log(fileList(visits[0].transfers, '    '));
    }
  } finally {
    await browser.close();
  }
  log(table(rows));
}

async function measureLighthouse(site: Site, user: Session): Promise<void> {
  if (lighthouseRuns < 1) {
    log('\n2. Lighthouse: skipped (BENCH_LH_RUNS=0)');
    return;
  }
  log(`\n2. Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU slowdown), median of ${lighthouseRuns} runs`);
  const pages: { path: string; session: Session | null; limit: number }[] = [
    { path: '/', session: null, limit: 95 },
    { path: '/home', session: user, limit: 95 },
  ];
  const rows = [['page', 'score', 'target', 'LCP', 'TBT', 'CLS', 'scores of all runs']];
  for (const { path, session, limit } of pages) {
    const runs: LighthouseRun[] = [];
    for (let run = 0; run < lighthouseRuns; run += 1)
      runs.push(await runLighthouse(`${site.shellUrl}${path}`, site.shellUrl, session));
    const chosen = medianRun(runs);
    const target: Target = {
      label: `Lighthouse mobile ${path}`,
      value: chosen.score,
      limit,
      kind: 'min',
      format: String,
    };
    targets.push(target);
    if (path === '/home')
      targets.push({ label: 'Lighthouse mobile /home TBT', value: chosen.tbtMs, limit: 200, kind: 'max', format: ms });
    rows.push([
      `${path}${session ? ' (signed in)' : ''}`,
      String(chosen.score),
      `≥ ${limit}: ${isMet(target) ? 'met' : 'MISSED'}`,
      ms(chosen.lcpMs),
      ms(chosen.tbtMs),
      chosen.cls.toFixed(3),
      runs.map((run) => run.score).join(', '),
    ]);
  }
  log(table(rows));
}

async function main(): Promise<void> {
  const started = Date.now();
  log(
    `Lifeboard bench — ${new Date().toISOString()}, ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  log('  (timings and Lighthouse scores depend on what else the machine runs; sizes do not)');
  for (const [part, measure] of Object.entries(ownParts)) {
    // A part that breaks prints its error and the run goes on.
    if (parts.has(part))
      await measure(targets, log).catch((error: unknown) => log(`\n${part} failed: ${String(error)}`));
  }
  if (siteParts.some((part) => parts.has(part))) await measureSite();
  const missed = targets.filter((target) => !isMet(target));
  log(`\nTargets: ${targets.length - missed.length} of ${targets.length} met.`);
  for (const target of missed)
    log(`  MISSED ${target.label}: ${target.format(target.value)} (${describeTarget(target)})`);
  log(
    `Bench took ${((Date.now() - started) / 1000).toFixed(0)} s; load average now ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}.`,
  );
}

/** The parts that need the built site (areas, screens, Lighthouse, journal, fitness, calendar). */
async function measureSite(): Promise<void> {
  const sidePort = parts.has('journal') ? await sideShellPort() : null;
  const site = await startSite({
    build: process.env.BENCH_SKIP_BUILD !== '1',
    apiPortOverride: process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) : undefined,
    otherOrigins: sidePort ? [`http://localhost:${sidePort}`] : [],
    log: (line) => log(`  ${line}`),
  });
  try {
    const user = await signIn(site, site.user);
    const admin = await signIn(site, site.admin);
    const clicks = parts.has('areas') ? await measureBytesAndClicks(site, user, admin) : null;
    if (parts.has('lighthouse')) await measureLighthouse(site, user);
    if (clicks) {
      log(
        `\n3. Click on a navigation link from /boards → the area's first heading on screen, the area's first visit (median of ${clickRuns}, min–max)`,
      );
      log(clicks);
    }
    if (parts.has('screens')) await measureScreens(site, user, admin);
    if (parts.has('journal')) {
      const browser = await launchBrowser();
      const side = sideBuildDir && sidePort ? await serveSideBuild(site, sideBuildDir, sidePort) : null;
      try {
        await measureJournal(browser, site, targets, log, side);
      } finally {
        side?.stop();
        await browser.close();
      }
    }
    if (parts.has('fitness')) {
      const browser = await launchBrowser();
      try {
        await measureFitness(browser, site, targets, log);
      } finally {
        await browser.close();
      }
    }
    if (parts.has('calendar')) {
      const browser = await launchBrowser();
      try {
        await measureCalendarWeek(browser, site, targets, log);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
