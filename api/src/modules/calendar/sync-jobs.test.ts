import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { defaultEnv } from '../../env';
import { caldavDepsOf, oneSyncAtATime, providersSyncedBy } from './caldav';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('syncs of one connection', () => {
  it('run one after another, in the order asked, even when one fails; other connections run beside them', async () => {
    const log: string[] = [];
    const sync =
      (name: string, fails = false) =>
      async () => {
        log.push(`${name} starts`);
        await tick();
        log.push(`${name} ends`);
        if (fails) throw new Error(`${name} failed`);
        return name;
      };
    const first = oneSyncAtATime(1, sync('a1', true));
    const second = oneSyncAtATime(1, sync('a2'));
    const other = oneSyncAtATime(2, sync('b1'));
    const third = oneSyncAtATime(1, sync('a3'));
    await expect(first).rejects.toThrow('a1 failed');
    expect(await Promise.all([second, other, third])).toEqual(['a2', 'b1', 'a3']);
    const ofA = log.filter((line) => line.startsWith('a'));
    expect(ofA).toEqual(['a1 starts', 'a1 ends', 'a2 starts', 'a2 ends', 'a3 starts', 'a3 ends']);
    // The other connection's sync did not wait for the first's.
    expect(log.indexOf('b1 starts')).toBeLessThan(log.indexOf('a1 ends'));
  });
});

describe('the calendars a process syncs on its own', () => {
  it('are those it is set up for: ICS always, CalDAV with the key, Google with its settings and the key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    const of = (env: Record<string, string>) => providersSyncedBy(caldavDepsOf({} as Db, defaultEnv(env)));
    expect(of({})).toEqual(['ics']);
    expect(of({ CALENDAR_CREDENTIALS_KEY: key })).toEqual(['ics', 'caldav']);
    expect(of(google)).toEqual(['ics']);
    expect(of({ ...google, CALENDAR_CREDENTIALS_KEY: key })).toEqual(['ics', 'caldav', 'google']);
  });
});
