import type { FastifyInstance } from 'fastify';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { loopFolderName, readLoopArchive } from './loop-csv';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A small archive as Loop writes it (see e2e/fixtures/loop-archive for the same by hand). */
function loopArchive(): Uint8Array {
  return zipSync({
    'Habits.csv': strToU8(
      'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n' +
        '001,Meditate,YES_NO,Did you meditate today?,"Ten minutes, eyes closed",3,7,#8E24AA,,,,false\n' +
        '002,Drink water,NUMERICAL,How many glasses?,,1,1,#039BE5,glasses,AT_LEAST,8.0,false\n' +
        '003,Old habit,YES_NO,,,1,1,#000000,,,,true\n',
    ),
    '001 Meditate/Checkmarks.csv': strToU8(
      '2026-01-09,2\n2026-01-08,1\n2026-01-07,2\n2026-01-06,3\n2026-01-05,0\n2026-01-04,2\n',
    ),
    '001 Meditate/Scores.csv': strToU8('2026-01-09,0.1301\n'),
    '002 Drink water/Checkmarks.csv': strToU8('2026-01-09,9000\n2026-01-08,6500\n2026-01-07,-1\n'),
    '003 Old habit/Checkmarks.csv': strToU8(''),
    'Checkmarks.csv': strToU8('Date,Meditate,Drink water,\n'),
  });
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function importInto(user: TestUser, archive: Uint8Array) {
  return user.post('/api/habit/import', { board: user.boardId, params: { archive: base64(archive) } });
}

async function habitsOf(user: TestUser) {
  const all = (await user.post('/api/habit/all', { board: user.boardId, params: {} })).json().habits as {
    id: number;
    title: string;
  }[];
  return Promise.all(
    all.map(async (habit) => ({
      ...habit,
      entries: (
        (await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habit.id } })).json()
          .entries as { date: string; value: unknown }[]
      ).map((e) => [e.date, e.value]),
    })),
  );
}

describe("Loop Habit Tracker's CSV archive", () => {
  it('reads habits, their schedule and the check-ins people made (not the days Loop works out)', () => {
    const habits = readLoopArchive(loopArchive());
    expect(habits.map((h) => [h.title, h.kind, h.num, h.den, h.target, h.unit, h.color, h.archived])).toEqual([
      ['Meditate', 'yes_no', 3, 7, null, null, '#8E24AA', false],
      ['Drink water', 'at_least', 1, 1, 8, 'glasses', '#039BE5', false],
      ['Old habit', 'yes_no', 1, 1, null, null, '#000000', true],
    ]);
    expect(habits[0].description).toBe('Did you meditate today?\nTen minutes, eyes closed');
    expect(habits[0].entries).toEqual([
      { date: '2026-01-04', value: 'yes' },
      { date: '2026-01-06', value: 'skip' },
      { date: '2026-01-07', value: 'yes' },
      { date: '2026-01-09', value: 'yes' },
    ]);
    expect(habits[1].entries).toEqual([
      { date: '2026-01-08', value: 6.5 },
      { date: '2026-01-09', value: 9 },
    ]);
    expect(loopFolderName(0, 'Run / walk 5 km!')).toBe('001 Run  walk 5 km');
  });

  it('imports an archive once: importing it again adds no habit and no check-in', async () => {
    const user = await signUp(app);
    await user.post('/api/habit/create', {
      board: user.boardId,
      params: { title: 'drink water', kind: 'at_least', target: 6 },
    });
    const first = await importInto(user, loopArchive());
    expect(first.statusCode).toBe(200);
    expect(first.json().imported).toEqual({
      habits_created: 2,
      habits_matched: 1,
      checkins_added: 6,
      checkins_already_there: 0,
    });
    const before = await habitsOf(user);
    expect(before.map((h) => h.title)).toEqual(['drink water', 'Meditate', 'Old habit']);
    expect(before[1].entries).toEqual([
      ['2026-01-04', 'yes'],
      ['2026-01-06', 'skip'],
      ['2026-01-07', 'yes'],
      ['2026-01-09', 'yes'],
    ]);
    const again = await importInto(user, loopArchive());
    expect(again.json().imported).toEqual({
      habits_created: 0,
      habits_matched: 3,
      checkins_added: 0,
      checkins_already_there: 6,
    });
    expect(await habitsOf(user)).toEqual(before);
  });

  it('round trip: what one board exports, another imports as the same habits and check-ins', async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const call = (path: string, params: unknown) => user.post(path, { board: user.boardId, params });
    const run = (
      await call('/api/habit/create', {
        title: 'Run, then stretch',
        kind: 'yes_no',
        frequency_num: 3,
        frequency_den: 7,
        color: '#22aa66',
        description: 'Easy pace',
      })
    ).json().habit;
    const water = (
      await call('/api/habit/create', { title: 'Water', kind: 'at_most', target: 2.5, unit: 'litres' })
    ).json().habit;
    for (const [date, value] of [
      ['2026-01-05', 'yes'],
      ['2026-01-07', 'skip'],
      ['2026-01-09', 'yes'],
    ])
      await call('/api/habit/checkin', { habit_id: run.id, date, value });
    for (const [date, value] of [
      ['2026-01-05', 1.25],
      ['2026-01-06', 0],
    ])
      await call('/api/habit/checkin', { habit_id: water.id, date, value });

    const exported = await call('/api/habit/export', {});
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    const files = unzipSync(exported.rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      '001 Run then stretch/Checkmarks.csv',
      '001 Run then stretch/Scores.csv',
      '002 Water/Checkmarks.csv',
      '002 Water/Scores.csv',
      'Checkmarks.csv',
      'Habits.csv',
      'Scores.csv',
    ]);
    expect(strFromU8(files['Habits.csv'])).toBe(
      'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n' +
        '001,"Run, then stretch",YES_NO,,Easy pace,3,7,#22aa66,,,,false\n002,Water,NUMERICAL,,,1,1,,litres,AT_MOST,2.5,false\n',
    );
    expect(strFromU8(files['001 Run then stretch/Checkmarks.csv'])).toBe('2026-01-09,2\n2026-01-07,3\n2026-01-05,2\n');
    expect(strFromU8(files['002 Water/Checkmarks.csv'])).toBe('2026-01-06,0\n2026-01-05,1250\n');
    const scores = strFromU8(files['001 Run then stretch/Scores.csv']).trim().split('\n');
    expect(scores.at(-1)).toMatch(/^2026-01-05,0\.\d{4}$/);
    expect(strFromU8(files['Checkmarks.csv']).split('\n')[0]).toBe('Date,"Run, then stretch",Water,');

    const one = await call('/api/habit/export', { habit_id: water.id });
    expect(Object.keys(unzipSync(one.rawPayload)).filter((name) => name.includes('/'))).toEqual([
      '002 Water/Checkmarks.csv',
      '002 Water/Scores.csv',
    ]);

    expect((await importInto(other, exported.rawPayload)).json().imported).toMatchObject({
      habits_created: 2,
      checkins_added: 5,
    });
    // What the archive carries, with the model's defaults for what a habit left unset.
    const strip = (list: Awaited<ReturnType<typeof habitsOf>>) =>
      list.map((h: Record<string, unknown>) => ({
        title: h.title,
        description: h.description ?? '',
        kind: h.kind ?? 'yes_no',
        frequency_num: h.frequency_num ?? 1,
        frequency_den: h.frequency_den ?? 1,
        target: h.target ?? null,
        unit: h.unit ?? null,
        color: h.color ?? null,
        archived: Boolean(h.archived_at),
        entries: h.entries,
      }));
    expect(strip(await habitsOf(other))).toEqual(strip(await habitsOf(user)));
  });

  it('refuses what is not a Loop archive with a clear message, and another board or habit', async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const notZip = await user.post('/api/habit/import', {
      board: user.boardId,
      params: { archive: base64(strToU8('hello')) },
    });
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json().message).toMatch(/not a zip archive/);
    const noHabits = await importInto(user, zipSync({ 'notes.txt': strToU8('x') }));
    expect(noHabits.json().message).toMatch(/no Habits\.csv/);
    expect(
      (await user.post('/api/habit/import', { board: user.boardId, params: { archive: 'not base64!' } })).statusCode,
    ).toBe(422);
    expect(
      (await other.post('/api/habit/import', { board: user.boardId, params: { archive: base64(loopArchive()) } }))
        .statusCode,
    ).toBe(403);
    const habit = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Mine' } })).json()
      .habit;
    expect(
      (await other.post('/api/habit/export', { board: other.boardId, params: { habit_id: habit.id } })).statusCode,
    ).toBe(404);
    expect((await habitsOf(user)).map((h) => h.title)).toEqual(['Mine']);
  });
});
