import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUp, testDatabase } from '../../../test/helpers';
import { tokens } from '../../db/schema';

let app: FastifyInstance;
/** An installation with two AI models configured (`app` has none). */
let withModels: FastifyInstance;
beforeAll(async () => {
  [app, withModels] = await Promise.all([
    createTestApp({ aiEnv: {} }),
    createTestApp({ aiEnv: { AI_BASE_URL: 'https://ai.example.com/v1', AI_MODELS: 'small,large' } }),
  ]);
});
afterAll(async () => {
  await app.close();
  await withModels.close();
});

describe('/api/user', () => {
  it('answers the spec §3 fields plus role, email and boards', async () => {
    const user = await signUp(app);
    const body = (await user.get('/api/user')).json();
    expect(Object.keys(body.user).sort()).toEqual([
      'ai_model',
      'boards',
      'completed_onboarding_at',
      'default_board_id',
      'email',
      'has_sms_enabled',
      'id',
      'lat',
      'lon',
      'name',
      'phone_number',
      'role',
      'send_daily_emails',
      'show_tagline',
      'tagline',
      'timezone',
      'using_as_user',
      'weight_increment_kg',
      'weight_unit',
    ]);
    expect(body.user).toMatchObject({ weight_unit: 'kg', weight_increment_kg: 2.5 });
  });
});

describe('/api/user/update', () => {
  it('changes one field at a time, with `location` split into lat and lon', async () => {
    const user = await signUp(app);
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ location: '51.5,-0.12' }, { lat: 51.5, lon: -0.12 }],
      [{ location: null }, { lat: null, lon: null }],
      [{ timezone: 'Europe/London' }, { timezone: 'Europe/London' }],
      [{ phone_number: '+14155550123' }, { phone_number: '+14155550123' }],
      [{ phone_number: '+44 7700 900123' }, { phone_number: '+447700900123' }],
      [{ tagline: 'One day at a time' }, { tagline: 'One day at a time' }],
      [{ show_tagline: true }, { show_tagline: true }],
      [{ name: 'Renamed' }, { name: 'Renamed' }],
      [{ send_daily_emails: true }, { send_daily_emails: true }],
      // Turning texts on needs an SMS provider (src/modules/sms/sms.test.ts); off always works.
      [{ has_sms_enabled: false }, { has_sms_enabled: false }],
      [{ using_as_user: false }, { using_as_user: false }],
      [{ ai_model: null }, { ai_model: null }],
      [
        { completed_onboarding_at: '2026-01-02T03:04:05.000Z' },
        { completed_onboarding_at: '2026-01-02T03:04:05.000Z' },
      ],
      [{ weight_unit: 'lb' }, { weight_unit: 'lb' }],
      [{ weight_increment_kg: 1.25 }, { weight_increment_kg: 1.25 }],
    ];
    for (const [body, expected] of cases) {
      const response = await user.post('/api/user/update', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json().success).toBe(true);
      expect(response.json().user).toMatchObject(expected);
    }
  });

  it('refuses bad values, two fields, no field and unknown fields with 422', async () => {
    const user = await signUp(app);
    for (const body of [
      { timezone: 'Mars/Olympus' },
      { phone_number: '0123' },
      { location: '91,0' },
      { location: 'here' },
      { name: 'A', tagline: 'B' },
      {},
      { email: 'x@y.z' },
      { role: 'admin' },
      { name: 'x'.repeat(1000) },
      { show_tagline: 'yes' },
      { weight_unit: 'stone' },
      { weight_increment_kg: 0 },
      { weight_increment_kg: 60 },
    ]) {
      const response = await user.post('/api/user/update', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await user.get('/api/user')).json().user.role).toBe('user');
  });

  it('sets the AI model only to one of the configured models, and says when none is configured', async () => {
    const user = await signUp(withModels);
    expect((await user.get('/api/ai/models')).json()).toEqual({
      configured: true,
      models: [
        { id: 1, name: 'small', provider: "From the server's settings" },
        { id: 2, name: 'large', provider: "From the server's settings" },
      ],
    });
    expect((await user.post('/api/user/update', { ai_model: 2 })).json().user.ai_model).toBe(2);
    for (const aiModel of [999, 3, 0, -1]) {
      const refused = await user.post('/api/user/update', { ai_model: aiModel });
      expect(refused.statusCode, String(aiModel)).toBe(422);
    }
    expect((await user.post('/api/user/update', { ai_model: 999 })).json().errors.ai_model).toEqual([
      'is not one of the enabled AI models',
    ]);
    expect((await user.get('/api/user')).json().user.ai_model).toBe(2);
    expect((await user.post('/api/user/update', { ai_model: null })).json().user.ai_model).toBeNull();

    const elsewhere = await signUp(app);
    expect((await elsewhere.get('/api/ai/models')).json()).toEqual({ configured: false, models: [] });
    const none = await elsewhere.post('/api/user/update', { ai_model: 1 });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.ai_model).toEqual(['cannot be chosen: no AI model is set up']);
    expect((await withModels.inject({ method: 'GET', url: '/api/ai/models' })).statusCode).toBe(401);
  });

  it("sets the default board only to one of the user's own boards", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const board = (await user.post('/api/board/create', { name: 'Second' })).json().board;
    expect((await user.post('/api/user/update', { default_board_id: board.id })).json().user.default_board_id).toBe(
      board.id,
    );
    const foreign = await user.post('/api/user/update', { default_board_id: other.boardId });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.default_board_id).toEqual(['is not one of your boards']);
  });
});

describe('/api/onboarded/{val}', () => {
  it('1 sets completed_onboarding_at, 0 clears it, anything else is 422', async () => {
    const user = await signUp(app);
    expect((await user.post('/api/onboarded/1')).json()).toEqual({ onboarded: true });
    expect((await user.get('/api/user')).json().user.completed_onboarding_at).toEqual(expect.any(String));
    expect((await user.post('/api/onboarded/0')).json()).toEqual({ onboarded: false });
    expect((await user.get('/api/user')).json().user.completed_onboarding_at).toBeNull();
    expect((await user.post('/api/onboarded/yes')).statusCode).toBe(422);
  });
});

describe('devices', () => {
  it('lists signed-in devices and revokes one; another user cannot revoke it', async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const second = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'correct horse battery' },
      headers: {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
      },
    });
    const devices = (await user.get('/api/devices')).json().devices as { id: number; name: string; current: boolean }[];
    expect(devices).toHaveLength(2);
    const phone = devices.find((device) => !device.current);
    expect(phone?.name).toBe('Safari on iOS');
    expect((await other.post('/api/devices/revoke', { id: phone?.id })).statusCode).toBe(404);
    expect((await user.post('/api/devices/revoke', { id: phone?.id })).json()).toEqual({ success: true });
    const phoneToken = second.json().token as string;
    expect(
      (await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${phoneToken}` } }))
        .statusCode,
    ).toBe(401);
    expect((await user.get('/api/devices')).json().devices).toHaveLength(1);
  });

  it('does not list a device idle for more than 30 days (its token has expired)', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 2; i += 1)
      await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: PASSWORD } });
    expect((await user.get('/api/devices')).json().devices).toHaveLength(3);
    const { db } = await testDatabase();
    const idle = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const mine = await db.select({ id: tokens.id }).from(tokens).where(eq(tokens.userId, user.id)).orderBy(tokens.id);
    await db
      .update(tokens)
      .set({ lastUsedAt: idle(31) })
      .where(eq(tokens.id, mine[1].id));
    await db
      .update(tokens)
      .set({ lastUsedAt: idle(29) })
      .where(eq(tokens.id, mine[2].id));
    const listed = (await user.get('/api/devices')).json().devices as { id: number }[];
    expect(listed.map((device) => device.id).sort((a, b) => a - b)).toEqual([mine[0].id, mine[2].id]);
  });
});
