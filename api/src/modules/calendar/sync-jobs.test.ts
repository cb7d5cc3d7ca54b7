import { describe, expect, it } from 'vitest';
import { defaultEnv } from '../../env';
import { providersSyncedBy } from './caldav';

describe('the calendars a process syncs on its own', () => {
  it('are those it is set up for: ICS always, CalDAV with the key, Google with its settings and the key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    const of = (env: Record<string, string>) => providersSyncedBy(defaultEnv(env));
    expect(of({})).toEqual(['ics']);
    expect(of({ CALENDAR_CREDENTIALS_KEY: key })).toEqual(['ics', 'caldav']);
    expect(of(google)).toEqual(['ics']);
    expect(of({ ...google, CALENDAR_CREDENTIALS_KEY: key })).toEqual(['ics', 'caldav', 'google']);
  });
});
