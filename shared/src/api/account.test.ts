import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '../lib/test-fake-api';
import * as account from './account';
import { subscribeToProgram, verifyBoard } from './boards';
import { fetchSimpleModel, saveSimpleModel } from './simple-models';
import { fetchMuscles } from './muscles';
import { fetchCalendarEvents } from './calendar';
import { setUnauthorizedHandler } from './client';

const api = withFakeApi();
beforeEach(() => {
  api.requests.length = 0;
});
afterEach(() => setUnauthorizedHandler(null));

const last = () => api.requests.at(-1);

describe('account calls (api-contract.md)', () => {
  it('fetchUser gives the user, or null when the answer has no user with an id', async () => {
    api.on('GET /api/user', { body: { user: { id: 1, name: 'Ada' } } });
    expect(await account.fetchUser()).toMatchObject({ ok: true, data: { id: 1 } });
    api.on('GET /api/user', { body: { user: { name: 'no id' } } });
    expect(await account.fetchUser()).toMatchObject({ ok: true, data: null });
  });

  it('login needs success, a token and a user', async () => {
    api.on('POST /api/login', { body: { success: true, token: 't', user: { id: 1 } } });
    expect((await account.login({ email: 'a@b.co', password: 'p', device_id: 'd' })).ok).toBe(true);
    expect(last()?.body).toEqual({ email: 'a@b.co', password: 'p', device_id: 'd' });
    api.on('POST /api/login', { body: { success: true, user: { id: 1 } } });
    const noToken = await account.login({ email: 'a@b.co', password: 'p' });
    expect(!noToken.ok && noToken.error.code).toBe('LB-BAD-RESPONSE');
  });

  it('updateUser sends exactly one field', async () => {
    api.on('POST /api/user/update', { body: { success: true, user: { id: 1, tagline: 'hi' } } });
    await account.updateUser('location', '51.5,-0.12');
    expect(last()?.body).toEqual({ location: '51.5,-0.12' });
  });

  it('postOnboarded posts 1 or 0 and reads onboarded', async () => {
    api.on('POST /api/onboarded/0', { body: { onboarded: false } });
    expect(await account.postOnboarded(false)).toEqual({ ok: true, status: 200, data: false });
    expect(last()?.path).toBe('/api/onboarded/0');
  });

  it('password calls count as success only when the answer says success', async () => {
    api.on('POST /api/password/change', { body: {} });
    expect((await account.changePassword({ current_password: 'a', password: 'b' })).ok).toBe(false);
    api.on('POST /api/password/change', { body: { success: true } });
    expect((await account.changePassword({ current_password: 'a', password: 'b' })).ok).toBe(true);
  });

  it('devices: list and revoke', async () => {
    const device = { id: 2, device_id: 'uuid', name: 'Firefox on Linux', last_used_at: null, current: true };
    api.on('GET /api/devices', { body: { devices: [device] } });
    api.on('POST /api/devices/revoke', { body: { success: true } });
    expect(await account.fetchDevices()).toMatchObject({ ok: true, data: [device] });
    expect((await account.revokeDevice(2)).ok).toBe(true);
    expect(last()?.body).toEqual({ id: 2 });
  });

  it('verifyBoard reads board.id and board.name', async () => {
    api.on('POST /api/board/verify', { body: { success: true, board: { id: 3, name: 'Work', position: 1 } } });
    expect(await verifyBoard(3)).toEqual({ ok: true, status: 200, data: { id: 3, name: 'Work' } });
  });

  it('saveSimpleModel succeeds only when the answer has a field named after the model', async () => {
    api.on('POST /api/simple_model/update', { body: { success: true, vision: { responses: { q1: 'a' } } } });
    expect((await saveSimpleModel(3, 'vision', { q1: 'a' })).ok).toBe(true);
    expect(last()?.body).toEqual({ board: 3, model: 'vision', responses: { q1: 'a' } });
    api.on('POST /api/simple_model/update', { body: { success: true } });
    expect((await saveSimpleModel(3, 'vision', { q1: 'a' })).ok).toBe(false);
  });

  it('fetchSimpleModel reads data', async () => {
    api.on('POST /api/simple_model/get', { body: { success: true, data: { responses: { q1: 'a' } } } });
    expect(await fetchSimpleModel(3, 'purpose')).toMatchObject({ ok: true, data: { responses: { q1: 'a' } } });
    expect(last()?.body).toEqual({ board: 3, model: 'purpose' });
  });

  it('fetchCalendarEvents sends start_date and end_date', async () => {
    api.on('POST /api/google/events', { body: { events: [{ id: 'e1', title: 'Dentist' }] } });
    expect(await fetchCalendarEvents('2026-11-01', '2026-11-30')).toMatchObject({
      ok: true,
      data: [{ id: 'e1' }],
    });
    expect(last()?.body).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
  });

  it('subscribeToProgram sends the contract body and reads board and boardName', async () => {
    api.on('POST /api/program/subscribe', { body: { success: true, board: 8, boardName: 'Yoga' } });
    const result = await subscribeToProgram({ programId: 4, isSubscribing: true, currentBoardId: 2 });
    expect(result).toEqual({ ok: true, status: 200, data: { board: { id: 8, name: 'Yoga' } } });
    expect(last()?.body).toEqual({ program_id: 4, isSubscribing: true, current_board_id: 2 });
  });

  it('a 401 while loading data reports to the unauthorized handler; a 401 elsewhere does not', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    api.on('POST /api/muscle/all', { status: 401, body: { message: 'Unauthenticated.' } });
    api.on('POST /logout', { status: 401, body: { message: 'Unauthenticated.' } });
    await fetchMuscles();
    expect(handler).toHaveBeenCalledOnce();
    await account.logout();
    expect(handler).toHaveBeenCalledOnce();
  });
});
