/**
 * The `api-calendar` part: `/api/google/events` for a month, on a board of BENCH_SERIES (500) repeating events, BENCH_RUNS
 * (100) requests each: months asked before (the whole answer cached), months asked before with one series edited
 * before each request (the other series' items cached), and month-long ranges never asked before (expanded anew);
 * against p99 ≤ 50 ms. Then subscribing to an ICS feed of BENCH_FEED_EVENTS (5,000) events served on loopback
 * (fetched, parsed, stored), 3 times: ≤ 5 s.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ms, describeTarget, type Target } from '../report';
import { startApi } from './api-process';
import { signUp, timeCalls, timingLine, type BenchUser } from './client';

const SERIES = Number(process.env.BENCH_SERIES ?? 500);
const FEED_EVENTS = Number(process.env.BENCH_FEED_EVENTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const MONTHS = ['2026-09', '2026-10', '2026-11', '2026-12'];
const DAY = 86_400_000;
const monthRange = (i: number) => {
  const month = MONTHS[i % MONTHS.length];
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  return { start_date: `${month}-01`, end_date: last.toISOString().slice(0, 10) };
};
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** SERIES series started over the last two years at times through the day, then a month of them asked for again and again. */
async function monthOf(
  targets: Target[],
  log: (line: string) => void,
  user: BenchUser,
  kind: string,
  repeats: string[],
) {
  const { board, post } = user;
  const ids: number[] = [];
  for (let i = 0; i < SERIES; i += 1) {
    const start = new Date(Date.UTC(2024, 11, 1) + (i % 700) * DAY + (6 + (i % 14)) * 3_600_000);
    const end_at = new Date(start.getTime() + 3_600_000).toISOString();
    const params = { title: `Series ${i}`, start_at: start.toISOString(), end_at, repeat: repeats[i % repeats.length] };
    ids.push((await post<{ event: { id: number } }>('/api/event/create', { board, params })).event.id);
  }
  const events = (i: number) => post<{ events: unknown[] }>('/api/google/events', monthRange(i));
  const occurrences = Math.max(...(await Promise.all(MONTHS.map(async (_, i) => (await events(i)).events.length))));
  const label = (name: string) => `${kind} (${occurrences} a month): ${name}`;
  const target = { q: 0.99, ms: 50 };
  log(timingLine(targets, label('months seen before'), await timeCalls(events, { runs: RUNS }), target));
  // One series renamed before each request (untimed), as after an edit.
  const edit = (i: number) =>
    post('/api/event/update', { board, params: { id: ids[i % ids.length], title: `Edited ${i}` } });
  const afterEdit = await timeCalls(events, { runs: RUNS, prepare: edit });
  log(timingLine(targets, label('seen before, a series edited'), afterEdit, target));
  // A day later each time: nothing comes from the cache.
  const first = (i: number) => {
    const from = addDays('2027-01-01', i);
    return post('/api/google/events', { start_date: from, end_date: addDays(from, 30) });
  };
  log(timingLine(targets, label('first views'), await timeCalls(first, { runs: RUNS }), target));
}

/** A feed of FEED_EVENTS events: one in ten repeats weekly, the rest are single events over two years. */
function feed(): string {
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Lifeboard bench//EN'];
  for (let i = 0; i < FEED_EVENTS; i += 1) {
    const start = new Date(Date.UTC(2025, 0, 1) + (i % 730) * DAY + (8 + (i % 10)) * 3_600_000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${i}@example.com`,
      `DTSTAMP:${stamp(new Date(Date.UTC(2025, 0, 1)))}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 1_800_000))}`,
      `SUMMARY:Feed event ${i}`,
      ...(i % 10 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=20'] : []),
      'END:VEVENT',
    );
  }
  return [...lines, 'END:VCALENDAR', ''].join('\r\n');
}

export async function measureCalendarApi(targets: Target[], log: (line: string) => void): Promise<void> {
  log(`\nCalendar API: a month of ${SERIES} repeating series, ${RUNS} requests a line (wall ms, loopback HTTP)`);
  const body = feed();
  const feedServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.end(body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const api = await startApi({
    postgresUrl: process.env.DATABASE_URL,
    env: { CALENDAR_FETCH_ALLOW_LOOPBACK: 'true', CALENDAR_FETCH_MAX_MB: '20' },
  });
  try {
    // About 220 occurrences a day: daily, weekdays, twice a week, monthly and every other Saturday.
    await monthOf(targets, log, await signUp(api.url, 'calendar'), 'mixed', [
      'FREQ=DAILY',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      'FREQ=WEEKLY;BYDAY=TU,TH',
      'FREQ=MONTHLY;BYMONTHDAY=15',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
    ]);
    // About 70 a day: weekly meetings and classes.
    const weekly = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((day) => `FREQ=WEEKLY;BYDAY=${day}`);
    const user = await signUp(api.url, 'calendar');
    await monthOf(targets, log, user, 'weekly', weekly);

    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.ics`;
    const imports: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const subscribed = await user.post<{ connection: { event_count: number } }>('/api/calendar/subscribe', {
        url: `${feedUrl}?${i}`,
        name: `Feed ${i}`,
      });
      imports.push(performance.now() - started);
      if (subscribed.connection.event_count !== FEED_EVENTS)
        throw new Error(`the feed stored ${subscribed.connection.event_count} events, not ${FEED_EVENTS}`);
    }
    const target: Target = {
      label: `ICS import of ${FEED_EVENTS} events, the slowest of 3`,
      value: Math.max(...imports),
      limit: 5000,
      kind: 'max',
      format: ms,
    };
    targets.push(target);
    log(
      `  ${target.label} (${(body.length / 1e6).toFixed(1)} MB; fetched, parsed, stored): ${imports.map(ms).join(', ')}, ${describeTarget(target)}`,
    );
  } finally {
    feedServer.close();
    await api.stop();
  }
}
