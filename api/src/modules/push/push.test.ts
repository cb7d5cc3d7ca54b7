import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { startPushService, type PushServiceStandIn, type TestSubscription } from '../../../test/push-service';
import { defaultEnv } from '../../env';

const keys = webpush.generateVAPIDKeys();
let service: PushServiceStandIn;
let app: FastifyInstance;
let unconfigured: FastifyInstance;

beforeAll(async () => {
  service = await startPushService();
  app = await createTestApp({
    env: defaultEnv({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:admin@lifeboard.test',
      QUEUE_POLL_SECONDS: '0.5',
      REMINDER_SCAN_SECONDS: '60',
      SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true',
    }),
  });
  await app.startWork();
  unconfigured = await createTestApp();
}, 120_000);
afterAll(async () => {
  await app.close();
  await unconfigured.close();
  await service.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const subscribe = (user: TestUser, subscription: TestSubscription, name = 'Chrome on Linux') =>
  user.post('/api/push/subscribe', { ...subscription, name });
const pushesTo = (endpoint: string) => service.received.filter((push) => push.endpoint === endpoint);

async function remindSoon(user: TestUser, title: string, channels: string[]) {
  const created = await user.post('/api/reminder/create', {
    board: user.boardId,
    params: { title, remind_at: new Date(Date.now() + 1500).toISOString(), channels },
  });
  expect(created.statusCode).toBe(201);
  await app.scanReminders();
  return created.json().reminder as { id: number };
}

describe('web push', () => {
  it('tells the browser the public key, and keeps one entry per device', async () => {
    const user = await signUp(app);
    expect((await user.get('/api/push/config')).json()).toEqual({
      success: true,
      configured: true,
      public_key: keys.publicKey,
    });
    const device = service.subscribe();
    const saved = await subscribe(user, device);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().subscription).toMatchObject({
      name: 'Chrome on Linux',
      endpoint: device.endpoint,
      last_sent_at: null,
    });
    // The same browser again (keys renewed) replaces its entry.
    expect((await subscribe(user, { ...device, keys: service.subscribe().keys }, 'Chrome on Linux')).statusCode).toBe(
      200,
    );
    const listed = (await user.get('/api/push/subscriptions')).json().subscriptions;
    expect(listed).toHaveLength(1);
    expect((await subscribe(user, { endpoint: 'not a url', keys: device.keys })).statusCode).toBe(422);
    expect(
      (await subscribe(user, { endpoint: device.endpoint, keys: { p256dh: 'short', auth: device.keys.auth } }))
        .statusCode,
    ).toBe(422);
    const other = await signUp(app);
    expect((await other.post('/api/push/unsubscribe', { id: listed[0].id })).statusCode).toBe(404);
    expect((await user.post('/api/push/unsubscribe', { id: listed[0].id })).statusCode).toBe(200);
    expect((await user.get('/api/push/subscriptions')).json().subscriptions).toEqual([]);
  });

  it('delivers a push reminder once to each device, encrypted and signed, with Done and Snooze that work', async () => {
    const user = await signUp(app);
    const phone = service.subscribe();
    const laptop = service.subscribe();
    await subscribe(user, phone, 'Chrome on Android');
    await subscribe(user, laptop, 'Firefox on Linux');
    await remindSoon(user, 'Take your pills', ['push']);
    const push = await service.waitFor((p) => p.endpoint === phone.endpoint);
    await service.waitFor((p) => p.endpoint === laptop.endpoint);
    expect(push.vapidKey).toBe(keys.publicKey);
    expect(push.claims.sub).toBe('mailto:admin@lifeboard.test');
    expect(push).toMatchObject({ ttl: 3600, urgency: 'high' });
    expect(push.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(push.message).toMatchObject({ title: 'Take your pills', url: 'http://localhost:3000/reminders' });
    expect(push.message.body).toMatch(/^Reminder for \w+day \d+ \w+ at \d\d:\d\d$/);
    const actions = push.message.actions as { action: string; title: string; url: string }[];
    expect(actions.map((a) => [a.action, a.title])).toEqual([
      ['done', 'Done'],
      ['snooze', 'Snooze 10 min'],
    ]);
    // Scanned again: nothing more.
    await app.scanReminders();
    await sleep(2500);
    expect(pushesTo(phone.endpoint)).toHaveLength(1);
    expect(pushesTo(laptop.endpoint)).toHaveLength(1);
    expect(
      (await user.get('/api/push/subscriptions'))
        .json()
        .subscriptions.every((s: { last_sent_at: string | null }) => s.last_sent_at),
    ).toBe(true);
    // The service worker POSTs the action's link.
    const done = await app.inject({
      method: 'POST',
      url: actions[0].url.replace(/^https?:\/\/[^/]+/, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.body).toContain('“Take your pills” is done.');
  }, 60_000);

  it('forgets a device its push service says is gone (410), and retries one that is down', async () => {
    const user = await signUp(app);
    const gone = service.subscribe();
    const flaky = service.subscribe();
    await subscribe(user, gone, 'Old phone');
    await subscribe(user, flaky, 'Laptop');
    service.answer(gone.endpoint, 410);
    service.answer(flaky.endpoint, 500);
    await remindSoon(user, 'Stretch', ['push']);
    // Both answers came (in either order, the two jobs run side by side) and the 410's removal is committed.
    const names = async () =>
      (await user.get('/api/push/subscriptions')).json().subscriptions.map((s: { name: string }) => s.name);
    const until = Date.now() + 20_000;
    while ((!service.refused.includes('answered 500') || (await names()).length > 1) && Date.now() < until)
      await sleep(200);
    expect(await names()).toEqual(['Laptop']);
    service.answer(flaky.endpoint, 0);
    await service.waitFor((p) => p.endpoint === flaky.endpoint, 30_000);
    expect(pushesTo(gone.endpoint)).toEqual([]);
  }, 60_000);

  it('follows a browser that changed its subscription: the new one is stored, the old one removed, pushes go to the new one', async () => {
    const user = await signUp(app);
    const before = service.subscribe();
    await subscribe(user, before, 'Chrome on Android');
    const after = service.subscribe();
    const renew = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/push/renew',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: body,
      });
    // The service worker's pushsubscriptionchange: no session, the old subscription's secret instead.
    expect(
      (
        await renew({
          old_endpoint: before.endpoint,
          old_auth: service.subscribe().keys.auth,
          endpoint: after.endpoint,
          keys: after.keys,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await renew({
          old_endpoint: 'https://push.example/nothing',
          old_auth: before.keys.auth,
          endpoint: after.endpoint,
          keys: after.keys,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await user.get('/api/push/subscriptions')).json().subscriptions.map((s: { endpoint: string }) => s.endpoint),
    ).toEqual([before.endpoint]);
    expect(
      (
        await renew({
          old_endpoint: before.endpoint,
          old_auth: before.keys.auth,
          endpoint: after.endpoint,
          keys: after.keys,
        })
      ).json(),
    ).toEqual({ success: true });
    const listed = (await user.get('/api/push/subscriptions')).json().subscriptions;
    expect(listed.map((s: { endpoint: string; name: string }) => [s.endpoint, s.name])).toEqual([
      [after.endpoint, 'Chrome on Android'],
    ]);
    // Told again (a retried event): the old one is gone, so nothing changes.
    expect(
      (
        await renew({
          old_endpoint: before.endpoint,
          old_auth: before.keys.auth,
          endpoint: after.endpoint,
          keys: after.keys,
        })
      ).statusCode,
    ).toBe(404);
    expect((await user.post('/api/push/test', {})).json()).toEqual({ success: true, queued: 1 });
    await service.waitFor((p) => p.endpoint === after.endpoint);
    expect(pushesTo(before.endpoint)).toEqual([]);

    // The app's check at start: this browser's endpoint is not the one it stored, so it saves the new one in its place.
    const third = service.subscribe();
    expect(
      (await user.post('/api/push/subscribe', { ...third, name: 'Chrome on Android', replaces: after.endpoint }))
        .statusCode,
    ).toBe(200);
    expect(
      (await user.get('/api/push/subscriptions')).json().subscriptions.map((s: { endpoint: string }) => s.endpoint),
    ).toEqual([third.endpoint]);
    // Another account's endpoint is never removed that way.
    const other = await signUp(app);
    const theirs = service.subscribe();
    await subscribe(other, theirs);
    await user.post('/api/push/subscribe', {
      ...service.subscribe(),
      name: 'Chrome on Android',
      replaces: theirs.endpoint,
    });
    expect(
      (await other.get('/api/push/subscriptions')).json().subscriptions.map((s: { endpoint: string }) => s.endpoint),
    ).toEqual([theirs.endpoint]);
  }, 30_000);

  it('sends a test push on request', async () => {
    const user = await signUp(app);
    const device = service.subscribe();
    await subscribe(user, device);
    expect((await user.post('/api/push/test', {})).json()).toEqual({ success: true, queued: 1 });
    const push = await service.waitFor((p) => p.endpoint === device.endpoint);
    expect(push.message).toMatchObject({ title: 'Lifeboard test notification', actions: [] });
  }, 30_000);

  it('says plainly when push is not set up, and takes no subscription', async () => {
    const user = await signUp(unconfigured);
    expect((await user.get('/api/push/config')).json()).toEqual({ success: true, configured: false, public_key: null });
    const refused = await subscribe(user, service.subscribe());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Push notifications are not set up on this server.');
    expect((await user.post('/api/push/test', {})).statusCode).toBe(422);
  });
});
