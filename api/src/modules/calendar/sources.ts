import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { eventTable, plannedactivityTable } from '../../db/model-tables';
import {
  caldavCalendars,
  caldavObjects,
  calendarConnections,
  type CalendarEvent,
  type FeedSeries,
} from '../../db/schema';
import type { FeedItem } from './ics';
import { instantOf, isoText, wallDateOf } from '@lifeboard/shared/lib/time-zone';
import { occurrences, type Occurrence, type Series } from './recurrence';
import type { BoundedCache } from './bounded-cache';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A series plus what the calendar shows of it; all-day series repeat in UTC, on dates. */
export interface Source {
  key: string;
  board?: number;
  done?: boolean;
  title: string;
  series: Series;
  allDay: boolean;
  zone: string;
  source: CalendarEvent['source'];
  calendar?: string;
  description?: string;
  /** What makes each occurrence's id unique beside its start, for items of another calendar. */
  idKey?: string;
  color?: string;
  calendarId?: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const dates = (value: unknown) => (Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : []);
const midnight = (date: string) => new Date(`${date}T00:00:00Z`);
const addDays = (date: string, days: number) =>
  new Date(midnight(date).getTime() + days * DAY_MS).toISOString().slice(0, 10);

function eventSource(id: number, board: number, data: Record<string, unknown>, zone: string): Source | null {
  const start = new Date(text(data.start_at));
  if (Number.isNaN(start.getTime())) return null;
  const end = data.end_at ? new Date(text(data.end_at)) : null;
  const base = {
    key: `event:${id}`,
    board,
    title: text(data.title),
    source: 'event' as const,
    description: text(data.description),
  };
  const repeat = text(data.repeat) || null;
  const skipDates = dates(data.skip_dates);
  if (data.all_day === true) {
    const first = wallDateOf(start, zone);
    const last = end && end > start ? wallDateOf(end, zone) : first;
    const days = Math.max(1, Math.round((midnight(last).getTime() - midnight(first).getTime()) / DAY_MS) + 1);
    return {
      ...base,
      allDay: true,
      zone: 'UTC',
      series: { start: midnight(first), durationMs: days * DAY_MS, repeat, skipDates },
    };
  }
  const durationMs = end && end > start ? end.getTime() - start.getTime() : HOUR_MS;
  return { ...base, allDay: false, zone, series: { start, durationMs, repeat, skipDates } };
}

function plannedSource(id: number, board: number, data: Record<string, unknown>, zone: string): Source | null {
  const date = text(data.date);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const base = {
    key: `planned:${id}`,
    board,
    done: typeof data.done_activity_id === 'number',
    title: text(data.title),
    source: 'planned' as const,
    description: text(data.note),
  };
  const repeat = text(data.repeat) || null;
  const skipDates = dates(data.skip_dates);
  const start = data.start_at ? new Date(text(data.start_at)) : null;
  if (!start || Number.isNaN(start.getTime()))
    return {
      ...base,
      allDay: true,
      zone: 'UTC',
      series: { start: midnight(date), durationMs: DAY_MS, repeat, skipDates },
    };
  const end = data.end_at ? new Date(text(data.end_at)) : null;
  const durationMs = end && end > start ? end.getTime() - start.getTime() : 30 * 60 * 1000;
  return { ...base, allDay: false, zone, series: { start, durationMs, repeat, skipDates } };
}

function feedSource(connectionId: number, calendar: string, item: FeedSeries, zone: string): Source {
  return {
    key: `ics:${connectionId}`,
    idKey: `ics:${connectionId}:${item.title}`,
    title: item.title,
    source: 'ics',
    calendar,
    allDay: item.all_day,
    zone: item.all_day ? 'UTC' : (item.tzid ?? zone),
    series: { start: new Date(item.start), durationMs: item.durationMs, repeat: item.rrule, skipDates: item.exdates },
  };
}

const modelRow = (table: typeof eventTable) => ({ id: table.id, boardId: table.boardId, data: table.data });
const repeats = (table: typeof eventTable) => sql`${table.data}->>'repeat'`;

/**
 * Rows of a model table that repeat (`repeat` set, even empty), whatever their dates, with their sort instant (a
 * range takes those sorting before its end, see `rangeEventsJson`) and `xmin`, the transaction that last wrote the
 * row (PostgreSQL gives each update a new one): an unchanged row finds its source prepared before
 * (`RangeCaches.rows`), and only the others' data is read (`rowTexts`).
 */
function repeatingRows(db: Db, table: typeof eventTable, userId: number) {
  return db
    .select({ id: table.id, boardId: table.boardId, sortAt: table.sortAt, written: sql<string>`xmin::text` })
    .from(table)
    .where(and(eq(table.userId, userId), isNotNull(repeats(table))));
}

/** The data of a user's rows of a model table, as text, by id: those of `ids`, or every repeating one. */
async function rowTexts(db: Db, table: typeof eventTable, userId: number, ids: number[] | 'repeating') {
  const found = await db
    .select({ id: table.id, text: sql<string>`${table.data}::text` })
    .from(table)
    .where(and(eq(table.userId, userId), ids === 'repeating' ? isNotNull(repeats(table)) : inArray(table.id, ids)));
  return new Map(found.map((row) => [row.id, row.text]));
}

/** Single rows of a model table that may show in [from, to): those starting near the range. */
function singleRowsNear(db: Db, table: typeof eventTable, userId: number, from: Date, to: Date) {
  // A single item starting up to 40 days before the range may still overlap it (a long all-day event).
  const earliest = new Date(from.getTime() - 40 * DAY_MS);
  return db
    .select(modelRow(table))
    .from(table)
    .where(
      and(
        eq(table.userId, userId),
        lt(table.sortAt, new Date(to.getTime() + DAY_MS)),
        gte(table.sortAt, earliest),
        isNull(repeats(table)),
      ),
    );
}

/** The user's own events and planned activities, all of them (for the private feed). */
async function ownSourcesOf(db: Db, userId: number, zone: string): Promise<Source[]> {
  const [events, planned] = await Promise.all([
    db.select(modelRow(eventTable)).from(eventTable).where(eq(eventTable.userId, userId)),
    db.select(modelRow(plannedactivityTable)).from(plannedactivityTable).where(eq(plannedactivityTable.userId, userId)),
  ]);
  const sources: Source[] = [];
  for (const row of events) {
    const s = eventSource(row.id, row.boardId, row.data, zone);
    if (s) sources.push(s);
  }
  for (const row of planned) {
    const s = plannedSource(row.id, row.boardId, row.data, zone);
    if (s) sources.push(s);
  }
  return sources;
}

/**
 * What every range of a user reads whatever its dates, prepared: their repeating events and planned activities
 * (with the instant each row sorts at) and the items of their subscribed and synced calendars. All of it is covered
 * by the calendar version (migration 0023), so the routes keep it per user, version and zone.
 */
export interface KeptSources {
  readonly repeating: readonly { sortAt: number; source: Source }[];
  readonly calendars: readonly Source[];
  /** How many sources it holds: its weight in a `BoundedCache`. */
  readonly length: number;
}

/**
 * The sources of one synced object, prepared once for each `identity` (the object, its calendar, and the zone) and
 * stored `text` while `rows` keeps them: after an edit, only the changed objects are parsed again. The text goes into
 * the key as its SHA-256, so the cache's keys stay small however long a synced object is.
 */
function rowSourcesOnce(
  rows: BoundedCache<readonly Source[]> | undefined,
  identity: string,
  text: string,
  prepare: () => Source[],
): readonly Source[] {
  if (!rows) return prepare();
  const key = `${identity} ${createHash('sha256').update(text).digest('base64')}`;
  const found = rows.get(key);
  if (found) return found;
  const made = prepare();
  rows.set(key, made);
  return made;
}

/**
 * A user's repeating events or planned activities as sources, each row's prepared once per zone and write while
 * `rows` keeps it: after an edit, only the rows written since are read whole and parsed.
 */
async function repeatingSources(
  db: Db,
  table: typeof eventTable,
  kind: 'event' | 'planned',
  userId: number,
  zone: string,
  rows: BoundedCache<readonly Source[]> | undefined,
): Promise<{ sortAt: number; source: Source }[]> {
  const listed = (await repeatingRows(db, table, userId)).map((row) => {
    const key = `${zone} ${kind} ${row.id} ${row.boardId} ${row.written}`;
    return { row, key, made: rows?.get(key) };
  });
  const unknown = rows ? listed.filter(({ made }) => !made).map(({ row }) => row.id) : null;
  // By id for the few written since; all of them for many (a first read), not a statement of thousands of values.
  const texts =
    unknown?.length === 0
      ? new Map<number, string>()
      : await rowTexts(db, table, userId, unknown && unknown.length <= 100 ? unknown : 'repeating');
  const sourceOf = kind === 'event' ? eventSource : plannedSource;
  const repeating: { sortAt: number; source: Source }[] = [];
  for (const { row, key, made: known } of listed) {
    let made = known;
    if (!made) {
      const text = texts.get(row.id);
      // Deleted since it was listed.
      if (text === undefined) continue;
      const source = sourceOf(row.id, row.boardId, JSON.parse(text) as Record<string, unknown>, zone);
      made = source ? [source] : [];
      rows?.set(key, made);
    }
    for (const source of made) repeating.push({ sortAt: row.sortAt.getTime(), source });
  }
  return repeating;
}

async function keptSourcesOf(
  db: Db,
  userId: number,
  zone: string,
  rows?: BoundedCache<readonly Source[]>,
): Promise<KeptSources> {
  const [events, planned, connections, caldav] = await Promise.all([
    repeatingSources(db, eventTable, 'event', userId, zone, rows),
    repeatingSources(db, plannedactivityTable, 'planned', userId, zone, rows),
    db
      .select({ id: calendarConnections.id, name: calendarConnections.name, events: calendarConnections.events })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, userId)),
    db
      .select({
        id: caldavObjects.id,
        text: sql<string>`${caldavObjects.events}::text`,
        calendarId: caldavCalendars.id,
        name: caldavCalendars.name,
        color: caldavCalendars.color,
        provider: calendarConnections.provider,
      })
      .from(caldavObjects)
      .innerJoin(caldavCalendars, eq(caldavCalendars.id, caldavObjects.calendarId))
      .innerJoin(calendarConnections, eq(calendarConnections.id, caldavCalendars.connectionId))
      .where(and(eq(calendarConnections.userId, userId), eq(caldavCalendars.selected, true))),
  ]);
  const repeating = [...events, ...planned];
  const calendars: Source[] = [];
  for (const connection of connections)
    for (const item of connection.events) calendars.push(feedSource(connection.id, connection.name, item, zone));
  for (const object of caldav) {
    const kind = object.provider === 'google' ? 'google' : 'caldav';
    const made = rowSourcesOnce(
      rows,
      `${zone} ${kind} ${object.id} ${object.calendarId} ${JSON.stringify([object.name, object.color])}`,
      object.text,
      () =>
        (JSON.parse(object.text) as FeedSeries[]).map((item, index): Source => ({
          ...feedSource(object.id, object.name, item, zone),
          key: `${kind}:${object.id}`,
          idKey: `${kind}:${object.id}:${index}`,
          source: kind,
          calendarId: object.calendarId,
          ...(object.color ? { color: object.color } : {}),
        })),
    );
    for (const source of made) calendars.push(source);
  }
  return { repeating, calendars, length: repeating.length + calendars.length };
}

/** The single events and planned activities that may show in `range`. */
async function singleSourcesNear(db: Db, userId: number, range: Range): Promise<Source[]> {
  const [events, planned] = await Promise.all([
    singleRowsNear(db, eventTable, userId, range.from, range.to),
    singleRowsNear(db, plannedactivityTable, userId, range.from, range.to),
  ]);
  const sources: Source[] = [];
  for (const row of events) {
    const s = eventSource(row.id, row.boardId, row.data, range.zone);
    if (s) sources.push(s);
  }
  for (const row of planned) {
    const s = plannedSource(row.id, row.boardId, row.data, range.zone);
    if (s) sources.push(s);
  }
  return sources;
}

/** A range of the calendar: the instants it spans in the user's zone, and the days (UTC midnights) for all-day items. */
interface Range {
  zone: string;
  from: Date;
  to: Date;
  dayFrom: Date;
  dayTo: Date;
}

function rangeOf(zone: string, startDate: string, endDate: string): Range {
  const wall = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return instantOf({ year, month, day, hour: 0, minute: 0, second: 0 }, zone);
  };
  return {
    zone,
    from: wall(startDate),
    to: wall(addDays(endDate, 1)),
    dayFrom: midnight(startDate),
    dayTo: midnight(addDays(endDate, 1)),
  };
}

/**
 * A source's occurrences in the range, and how each is written as `CalendarEvent` JSON: the text all its items share
 * is written once, and each item only adds its id, date and times (a busy month is thousands of items).
 */
interface Expanded {
  found: Occurrence[];
  allDay: boolean;
  /** What its items sort by after their start: their id less the start, which items at one instant share. */
  order: string;
  write: (occurrence: Occurrence) => string;
}

function expandSource(source: Source, range: Range): Expanded {
  const { zone } = range;
  const found = source.allDay
    ? occurrences(source.series, 'UTC', range.dayFrom, range.dayTo)
    : occurrences(source.series, source.zone, range.from, range.to);
  const repeat = source.series.repeat;
  const idPrefix = repeat || source.idKey ? `${source.idKey ?? source.key}:` : null;
  // The id's opening quote and prefix, escaped; an ISO start needs no escaping.
  const idOpen = idPrefix === null ? '' : JSON.stringify(idPrefix).slice(0, -1);
  const fixedId = JSON.stringify(source.key);
  const afterId = `,"title":${JSON.stringify(source.title)},"all_day":${source.allDay},"source":"${source.source}","series":${fixedId},"date":"`;
  const afterDate = `","repeat":${JSON.stringify(repeat)},"start":"`;
  // The optional keys, in `CalendarEvent`'s order; absent ones are left out, as JSON.stringify leaves undefined out.
  let tail = '"';
  if (source.calendar !== undefined) tail += `,"calendar":${JSON.stringify(source.calendar)}`;
  if (source.color !== undefined) tail += `,"color":${JSON.stringify(source.color)}`;
  if (source.calendarId !== undefined) tail += `,"calendar_id":${source.calendarId}`;
  if (source.board !== undefined) tail += `,"board":${source.board}`;
  if (source.done !== undefined) tail += `,"done":${source.done}`;
  tail += '}';
  return {
    found,
    allDay: source.allDay,
    order: idPrefix ?? source.key,
    write: (occurrence) => {
      const startIso = isoText(occurrence.start);
      // An all-day item's occurrences are expanded in UTC: their dates are their UTC dates.
      const start = source.allDay ? occurrence.date : startIso;
      const end = source.allDay ? wallDateOf(occurrence.end, 'UTC') : isoText(occurrence.end);
      const date = source.allDay ? start : source.zone === zone ? occurrence.date : wallDateOf(occurrence.start, zone);
      const idJson = idPrefix === null ? fixedId : `${idOpen}${startIso}"`;
      return `{"id":${idJson}${afterId}${date}${afterDate}${start}","end":"${end}${tail}`;
    },
  };
}

/** The caches a range's answer is made with; see `rangeEventsJson`. */
export interface RangeCaches {
  /** `KeptSources` by user, calendar version and zone. */
  sources: BoundedCache<KeptSources>;
  /** Each stored row's sources, by the row's identity and text and the zone, across versions. */
  rows: BoundedCache<readonly Source[]>;
  /** The user's calendar version, read before this call (`calendarStateOf`). */
  version: number;
}

/**
 * Every item of the user from `startDate` to `endDate` (inclusive, in the user's zone), repeats expanded, as the JSON
 * of `{ events }` in UTF-8. With `caches`, what every range reads (`KeptSources`) is kept under the user's calendar
 * version, which grows in the writing transaction of every write to it (any process), so a range never asked before
 * reads only the single rows near it. The version is read before the sources: a write landing in between is read,
 * and kept under the older version, which no later request asks for.
 */
export async function rangeEventsJson(
  db: Db,
  userId: number,
  zone: string,
  startDate: string,
  endDate: string,
  caches?: RangeCaches,
): Promise<Buffer> {
  const range = rangeOf(zone, startDate, endDate);
  const keptKey = caches ? `${userId} ${caches.version} ${zone}` : '';
  const wasKept = caches?.sources.get(keptKey);
  const [kept, singles] = await Promise.all([
    wasKept ?? keptSourcesOf(db, userId, zone, caches?.rows),
    singleSourcesNear(db, userId, range),
  ]);
  if (caches && !wasKept) caches.sources.set(keptKey, kept);
  const expanded: Expanded[] = [];
  for (const source of singles) expanded.push(expandSource(source, range));
  // Of the repeating rows, those a query of the range filtering on the sort instant would read.
  const sortsBefore = range.to.getTime() + DAY_MS;
  for (const { sortAt, source } of kept.repeating) if (sortAt < sortsBefore) expanded.push(expandSource(source, range));
  for (const source of kept.calendars) expanded.push(expandSource(source, range));
  return writeInOrder(expanded);
}

/**
 * The items of `expanded` written as the answer, by start (an all-day item first on its date), then id. Each item's
 * text is written into the answer's bytes as soon as it is made: thousands of texts kept until a final join outlived
 * the young generation, and every garbage collection during a request copied them.
 */
function writeInOrder(expanded: readonly Expanded[]): Buffer {
  // Items starting at one instant share their start: their ids compare as their sources' `order`.
  const rank = new Uint32Array(expanded.length);
  expanded
    .map((_, index) => index)
    .sort((a, b) => (expanded[a].order < expanded[b].order ? -1 : expanded[a].order > expanded[b].order ? 1 : a - b))
    .forEach((index, position) => (rank[index] = position));
  let count = 0;
  for (const { found } of expanded) count += found.length;
  const at = new Float64Array(count);
  const sourceOf = new Uint32Array(count);
  const nth = new Uint32Array(count);
  const order = new Uint32Array(count);
  let item = 0;
  expanded.forEach(({ found, allDay }, index) => {
    // Half a millisecond early: an all-day date sorts before a timed item starting at its midnight.
    const early = allDay ? 0.5 : 0;
    for (let i = 0; i < found.length; i += 1, item += 1) {
      at[item] = found[i].start.getTime() - early;
      sourceOf[item] = index;
      nth[item] = i;
      order[item] = item;
    }
  });
  order.sort((a, b) => at[a] - at[b] || rank[sourceOf[a]] - rank[sourceOf[b]]);
  // Items are ~250 bytes; the answer grows if that was too few.
  let body = Buffer.allocUnsafe(count * 320 + 64);
  let length = body.write('{"events":[');
  for (let i = 0; i < count; i += 1) {
    const { found, write } = expanded[sourceOf[order[i]]];
    const text = write(found[nth[order[i]]]);
    // A UTF-16 unit is at most 3 bytes of UTF-8; 3 more for the comma and the closing "]}".
    if (length + text.length * 3 + 3 > body.length) {
      const grown = Buffer.allocUnsafe(2 * body.length + text.length * 3);
      body.copy(grown, 0, 0, length);
      body = grown;
    }
    if (i > 0) length += body.write(',', length);
    length += body.write(text, length);
  }
  length += body.write(']}', length);
  return body.subarray(0, length);
}

/** `rangeEventsJson` as objects, for the server's own use (the daily e-mail). */
export async function rangeEvents(
  db: Db,
  userId: number,
  zone: string,
  startDate: string,
  endDate: string,
): Promise<CalendarEvent[]> {
  const json = (await rangeEventsJson(db, userId, zone, startDate, endDate)).toString();
  const answer = JSON.parse(json) as { events: CalendarEvent[] };
  return answer.events;
}

/** The user's own events and planned activities as feed items (not subscribed calendars: a feed never echoes another). */
export async function feedItemsOf(db: Db, userId: number, zone: string): Promise<FeedItem[]> {
  return (await ownSourcesOf(db, userId, zone)).map((source) => ({
    uid: `${source.key.replace(':', '-')}@lifeboard`,
    title: source.title,
    description: source.description || undefined,
    start: source.series.start,
    end: new Date(source.series.start.getTime() + source.series.durationMs),
    allDay: source.allDay,
    rrule: source.series.repeat,
    skipDates: source.series.skipDates ?? [],
  }));
}
