import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { isCiphertext, fromBase64Url, toBase64Url } from '@lifeboard/shared/crypto/format';
import { unlock } from '@lifeboard/shared/crypto/keys';
import { openRecord } from '@lifeboard/shared/crypto/records';
import { apiRequest, signUpThroughApi } from '../support/api-client';
import { switchApi } from '../support/api-switch';
import type { ApiRecord, ApiUser } from '../support/api-client';
import { expectNoPageProblems, launchBrowser } from '../support/browser';
import { signInThroughApi } from '../support/session';
import { editorArea, editorToolbar, navigateInApp, saveState } from '../support/journal-page';
import { tinyPng } from '../../api/src/modules/uploads/test-images';

/**
 * End-to-end encryption of the journal (shared/src/crypto/README.md), as a person uses it: turned on at /security,
 * an entry written with a canary that never leaves the browser in the clear (requests, answers, the database on
 * disk), a second browser that shows "Locked" until the passphrase, a tampered entry, keys that cannot be
 * exported, and a migration cut off midway.
 */
const site = inject('site');
const PASSPHRASE = 'lanterns over a quiet harbour';
const canary = `canary-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
let browser: Browser;
let user: ApiUser;
/** An image's own canary: bytes after the PNG's end (browsers show the picture and ignore them). */
const imageCanary = `image-canary-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const picture = Buffer.concat([tinyPng([220, 60, 20]), Buffer.from(imageCanary)]);
const earlierCanary = `earlier-image-${Date.now().toString(36)}`;
const earlierPicture = Buffer.concat([tinyPng([20, 60, 220]), Buffer.from(earlierCanary)]);
let earlierImage = '';
/** Every request body the browsers sent to the API (also as bytes: an upload is binary), and every answer. */
const sentBytes: Buffer[] = [];
const sent: string[] = [];
const answered: string[] = [];

async function contextOf(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error', error.message));
  page.on('request', (request) => {
    if (!request.url().startsWith(site.apiUrl)) return;
    sent.push(request.postData() ?? '');
    sentBytes.push(request.postDataBuffer() ?? Buffer.alloc(0));
  });
  page.on('response', (response) => {
    if (!response.url().startsWith(site.apiUrl)) return;
    void response.text().then(
      (text) => answered.push(text),
      () => undefined,
    );
  });
  return { context, page };
}

async function signIn(page: Page, who: ApiUser): Promise<void> {
  await signInThroughApi(page, site, { email: who.email, password: who.password });
}

async function entries(who: ApiUser): Promise<ApiRecord[]> {
  const answer = await apiRequest(
    site,
    'POST',
    '/api/journal_entry/all',
    { board: who.boardId, params: { limit: 200 } },
    who.token,
  );
  return answer.body.journalEntries as ApiRecord[];
}

async function progressOf(who: ApiUser) {
  const answer = await apiRequest(site, 'GET', '/api/encryption/progress', undefined, who.token);
  return (answer.body.progress as Record<string, { total: number; encrypted: number }>).journal_entry;
}

async function turnOn(page: Page): Promise<string> {
  await page.goto(`${site.shellUrl}/security`);
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Passphrase again').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Turn on encryption' }).click();
  const recoveryKey = (await page.getByTestId('recovery-key').textContent({ timeout: 30_000 })) ?? '';
  expect(recoveryKey).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
  return recoveryKey;
}

/** Every file of a folder, read whole (the database's pages and its write-ahead log). */
function filesUnder(dir: string): Buffer[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path)];
  });
}

const onDisk = (text: string) => filesUnder(site.pgliteDir).some((file) => file.includes(Buffer.from(text)));

/**
 * A dump of the database as `pnpm db:backup` makes it (PGlite's `dumpDataDir`; pg_dump on PostgreSQL, which this
 * site never runs on), taken with the API stopped, as PGlite is one process's. Answers the dump's bytes, unpacked.
 */
async function databaseDump(): Promise<Buffer> {
  const folder = mkdtempSync(join(tmpdir(), 'lb-e2ee-dump-'));
  const file = join(folder, 'dump.tar.gz');
  await switchApi(site.apiSwitchUrl, 'down');
  try {
    execFileSync('node', ['api/scripts/db-backup.mjs', 'backup', file], {
      cwd: site.repoRoot,
      env: { ...process.env, PGLITE_DIR: site.pgliteDir, DATABASE_URL: '', INIT_CWD: site.repoRoot },
      stdio: 'pipe',
    });
    return gunzipSync(readFileSync(file));
  } finally {
    await switchApi(site.apiSwitchUrl, 'up');
    rmSync(folder, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpThroughApi(site, 'e2ee');
  // An image uploaded in the clear before encryption, in the second entry: turning encryption on seals it too.
  const form = new FormData();
  form.append('file', new Blob([earlierPicture], { type: 'image/png' }), 'earlier.png');
  const uploaded = await fetch(`${site.apiUrl}/api/uploads/image`, {
    method: 'POST',
    body: form,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${user.token}` },
  });
  earlierImage = ((await uploaded.json()) as { id: string }).id;
  for (const day of ['2026-10-01', '2026-10-02'])
    await apiRequest(
      site,
      'POST',
      '/api/journal_entry/create',
      {
        board: user.boardId,
        params: {
          date: day,
          title: `Before ${day}`,
          body: `<p>Written on ${day}</p>${day === '2026-10-02' ? `<p><img src="/api/uploads/${earlierImage}"></p>` : ''}`,
        },
      },
      user.token,
    );
});

afterEach(expectNoPageProblems);

afterAll(async () => {
  await browser?.close();
});

describe('an encrypted journal', () => {
  let page: Page;

  it('is turned on at /security, encrypts what was there, and a new entry never leaves in the clear', async () => {
    ({ page } = await contextOf());
    await signIn(page, user);
    await turnOn(page);
    await page.getByLabel('I have saved my recovery key').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(async () => (await progressOf(user)).encrypted, { timeout: 30_000 }).toBe(2);

    // In the app, not a reload: the unlocked key lives in the page's memory only.
    await navigateInApp(page, '/journal?entry=new');
    await page.getByLabel('Title').fill(`Secret ${canary}`);
    await editorArea(page).click();
    await page.keyboard.type(`Only I can read ${canary}.`);
    await expect.poll(() => saveState(page), { timeout: 20_000 }).toBe('saved');
    await navigateInApp(page, '/journal');
    await page.locator('.lb-entry-days').getByText(`Secret ${canary}`).waitFor();

    const stored = await entries(user);
    expect(stored).toHaveLength(3);
    for (const entry of stored) {
      expect(entry.encrypted).toBe(true);
      expect(isCiphertext(entry.title) && isCiphertext(entry.body)).toBe(true);
    }
    expect(JSON.stringify(stored)).not.toContain(canary);
    // What the device decrypts is what was typed.
    const material = (await apiRequest(site, 'GET', '/api/encryption', undefined, user.token)).body.encryption;
    const key = await unlock(user.user.id, material as never, { passphrase: PASSPHRASE });
    const texts = await Promise.all(stored.map((entry) => openRecord(key, 'journal_entry', entry)));
    expect(texts.map((one) => one.record.body).join(' ')).toContain(canary);
    expect(texts.map((one) => one.record.body).join(' ')).toContain('Written on 2026-10-01');
    // The image that was there is sealed and uploaded again; the entry names the sealed copy, the original is gone.
    const earlier = texts.find((one) => String(one.record.body).includes('Written on 2026-10-02'))!.record.body;
    expect(earlier).toMatch(/<img class="lb-sealed-image" data-sealed-upload="[\w-]{22}">/);
    expect(earlier).not.toContain(earlierImage);
    expect((await fetch(`${site.apiUrl}/api/uploads/${earlierImage}`)).status).toBe(404);
    const copy = /data-sealed-upload="([\w-]{22})"/.exec(String(earlier))![1];
    const sealedCopy = await fetch(`${site.apiUrl}/api/uploads/sealed/${copy}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(Buffer.from(await sealedCopy.arrayBuffer()).includes(Buffer.from(earlierCanary))).toBe(false);
  });

  it('seals an image put into an encrypted entry: its bytes never leave in the clear, and it shows decrypted', async () => {
    const shared = (await entries(user)).find((entry) => entry.date !== '2026-10-01' && entry.date !== '2026-10-02');
    if (!shared) throw new Error('the canary entry is missing');
    const before = sentBytes.length;
    await navigateInApp(page, `/journal?entry=${shared.id}`);
    await editorArea(page).click();
    await page.keyboard.press('Control+End');
    const chooser = page.waitForEvent('filechooser');
    await editorToolbar(page).locator('button.ql-image').click();
    await (await chooser).setFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: picture });
    // Shown in the editor from its decrypted copy, through a blob: address.
    const shown = page.locator('.ql-editor img.lb-sealed-image[src^="blob:"]');
    await shown.waitFor({ timeout: 30_000 });
    expect(await shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    await expect.poll(() => saveState(page), { timeout: 20_000 }).toBe('saved');

    // The upload was the sealed image: no request carried the picture's bytes or its canary.
    const uploads = sentBytes.slice(before);
    expect(uploads.some((body) => body.length > picture.length)).toBe(true);
    expect(uploads.filter((body) => body.includes(Buffer.from(imageCanary)) || body.includes(picture))).toEqual([]);
    // The entry names the image by id only; the server has opaque bytes, for the owner only.
    const material = (await apiRequest(site, 'GET', '/api/encryption', undefined, user.token)).body.encryption;
    const key = await unlock(user.user.id, material as never, { passphrase: PASSPHRASE });
    const stored = (await entries(user)).find((entry) => entry.id === shared.id);
    const body = (await openRecord(key, 'journal_entry', stored!)).record.body as string;
    const id = /data-sealed-upload="([\w-]{22})"/.exec(body)?.[1];
    expect(id).toBeDefined();
    expect(body).not.toMatch(/src=|blob:/);
    const owner = await fetch(`${site.apiUrl}/api/uploads/sealed/${id}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = Buffer.from(await owner.arrayBuffer());
    expect(bytes.includes(Buffer.from(imageCanary))).toBe(false);
    expect(bytes.equals(picture)).toBe(false);
    expect((await fetch(`${site.apiUrl}/api/uploads/${id}`)).status).toBe(404);
  });

  it('exports the encrypted entry with its image decrypted into the zip, named by a relative path', async () => {
    await navigateInApp(page, '/journal');
    await page.getByRole('button', { name: 'Export / import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export or import your journal and notes' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download export (.zip)' }).click(),
    ]);
    await dialog.getByText(/^Exported .*, with \d+ images?\.$/).waitFor();
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    // The picture put in the entry, decrypted here: its very bytes, canary and all.
    const [name] = Object.keys(files).filter((path) => Buffer.from(files[path]).equals(picture));
    expect(name).toMatch(/^images\/[\w-]{22}\.png$/);
    const json = JSON.parse(strFromU8(files['lifeboard-export.json'])) as { journal_entries: { body: string }[] };
    const entry = json.journal_entries.find((e) => e.body.includes(canary));
    expect(entry?.body).toContain(`<img src="${name}">`);
    expect(entry?.body).not.toContain('data-sealed-upload');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it(
    'never sent the canary in a request body, nor got it in an answer, nor left it in the database or its dump',
    { timeout: 120_000 },
    async () => {
      expect(sent.length).toBeGreaterThan(5);
      expect(sent.filter((body) => body.includes(canary))).toEqual([]);
      await expect.poll(() => answered.length).toBeGreaterThan(5);
      expect(answered.filter((body) => body.includes(canary))).toEqual([]);
      // A control written in the clear by another user is found on disk: the scan reads what the database wrote.
      const other = await signUpThroughApi(site, 'plain');
      const control = `plain-control-${Date.now().toString(36)}`;
      await apiRequest(
        site,
        'POST',
        '/api/note/create',
        { board: other.boardId, params: { title: control, body: control } },
        other.token,
      );
      await expect.poll(() => onDisk(control), { timeout: 30_000 }).toBe(true);
      expect(onDisk(canary)).toBe(false);
      // And in a dump of the database, the control is there and the canary is not.
      const dump = await databaseDump();
      expect(dump.includes(Buffer.from(control))).toBe(true);
      expect(dump.includes(Buffer.from(canary))).toBe(false);
      expect(dump.includes(Buffer.from(imageCanary))).toBe(false);
      expect(sentBytes.filter((body) => body.includes(Buffer.from(imageCanary)))).toEqual([]);
    },
  );

  it('keeps its keys non-extractable in IndexedDB', async () => {
    await page.goto(`${site.shellUrl}/security`);
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByLabel('PIN (4 to 8 digits)').fill('482913');
    await page.locator('#field-pin_passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Use a PIN on this device' }).click();
    await page.getByText('This device now unlocks with your PIN.').waitFor();
    const result = await page.evaluate(async (userId) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('lifeboard');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
      });
      const stored = await new Promise<{ key: CryptoKey }>((resolve, reject) => {
        const request = db.transaction('general_keys').objectStore('general_keys').get(String(userId));
        request.onsuccess = () => resolve(request.result as { key: CryptoKey });
        request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
      });
      try {
        await crypto.subtle.exportKey('raw', stored.key);
        return { extractable: stored.key.extractable, exported: true };
      } catch (error) {
        return { extractable: stored.key.extractable, exported: false, error: String(error) };
      }
    }, user.user.id);
    expect(result).toMatchObject({ extractable: false, exported: false });
  });

  it('searches the encrypted journal on this device: the entry is found, the word never sent', async () => {
    // The canary's last part: a word of its own, in no other entry.
    const word = canary.split('-')[2];
    const before = sent.length;
    await navigateInApp(page, '/journal');
    await page.locator('.lb-entry-days').getByText(`Secret ${canary}`).waitFor({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Search entries' }).fill(word);
    await expect
      .poll(() => page.locator('.lb-entry__title').allTextContents(), { timeout: 30_000 })
      .toEqual([`Secret ${canary}`]);
    await page.getByRole('searchbox', { name: 'Search entries' }).fill('Written');
    await expect.poll(() => page.locator('.lb-entry__title').allTextContents(), { timeout: 30_000 }).toHaveLength(2);
    expect(sent.slice(before).filter((body) => body.includes(word) || body.includes('Written'))).toEqual([]);
    // The index rests sealed in IndexedDB (written 2 s after the last change).
    const stored = async () =>
      page.evaluate(async (userId) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('lifeboard-search');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
        });
        if (!db.objectStoreNames.contains('indexes')) return '';
        return new Promise<string>((resolve) => {
          const request = db.transaction('indexes').objectStore('indexes').get(String(userId));
          request.onsuccess = () => resolve(typeof request.result === 'string' ? request.result : '');
          request.onerror = () => resolve('');
        });
      }, user.user.id);
    await expect.poll(stored, { timeout: 30_000 }).toMatch(/^lbe:/);
    expect(await stored()).not.toContain(word);
    await page.getByRole('searchbox', { name: 'Search entries' }).fill('');
  });

  it(
    'shares one encrypted entry at /a/:slug, its key only in the fragment; without it, or revoked, it does not open',
    { timeout: 120_000 },
    async () => {
      const shared = (await entries(user)).find((entry) => entry.date !== '2026-10-01' && entry.date !== '2026-10-02');
      if (!shared) throw new Error('the canary entry is missing');
      const before = sent.length;
      await navigateInApp(page, `/journal?entry=${shared.id}`);
      await page.getByRole('button', { name: 'Share publicly' }).click();
      const link = (await page.locator('.lb-share__link').textContent({ timeout: 30_000 })) ?? '';
      const [address, fragment] = link.split('#');
      expect(address).toMatch(/\/a\/[\w-]{22}$/);
      expect(fragment).toMatch(/^k=[\w-]{43}$/);
      const key = fragment.slice(2);
      // What the share sent: ciphertext only; never the canary, never the page key.
      const sharing = sent.slice(before);
      expect(sharing.some((body) => body.includes('"sealed":"lbe:'))).toBe(true);
      expect(sharing.filter((body) => body.includes(canary) || body.includes(key))).toEqual([]);

      const { context, page: reader } = await contextOf();
      const asked: string[] = [];
      reader.on('request', (request) => asked.push(request.url()));
      await reader.goto(link);
      await reader.getByRole('heading', { name: `Secret ${canary}` }).waitFor({ timeout: 30_000 });
      expect(await reader.content()).toContain(`Only I can read ${canary}.`);
      // The entry's image, copied under the page key: opened with the fragment's key, shown through blob:.
      const image = reader.locator('img.lb-sealed-image[src^="blob:"]');
      await image.waitFor({ timeout: 30_000 });
      expect(await image.evaluate((one: HTMLImageElement) => one.complete && one.naturalWidth)).toBe(1);
      const copy = await image.getAttribute('data-sealed-upload');
      const copyUrl = `${site.apiUrl}/api/public/shared/${address.split('/a/')[1]}/images/${copy}`;
      expect((await fetch(copyUrl)).status).toBe(200);
      expect(asked.filter((url) => url.includes(key))).toEqual([]);
      for (const wrong of [address, `${address}#k=${'A'.repeat(43)}`]) {
        await reader.goto('about:blank');
        await reader.goto(wrong);
        await reader.getByRole('heading', { name: 'This page can’t be opened' }).waitFor({ timeout: 30_000 });
        expect(await reader.content()).not.toContain(canary);
      }

      await page.getByRole('button', { name: 'Revoke link' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('button', { name: 'Share publicly' }).waitFor();
      // The button shows at once; the server's answer (the copies deleted first) says when the link is dead.
      await page.getByText('Link revoked: it now answers “not found”.').waitFor({ timeout: 30_000 });
      await reader.goto('about:blank');
      await reader.goto(link);
      await reader.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: 30_000 });
      // Revoked, the image copy is gone too.
      expect((await fetch(copyUrl)).status).toBe(404);
      await context.close();
    },
  );

  it('shows "Locked" on a new device until the passphrase, and says when it is wrong', async () => {
    const { page: other } = await contextOf();
    await signIn(other, user);
    await other.goto(`${site.shellUrl}/journal`);
    await other.getByText('Your journal is locked').waitFor({ timeout: 30_000 });
    // The unlock panel shows once the encryption state is known; the list comes with its own request, which may
    // answer later: read the titles once it has.
    await expect
      .poll(() => other.locator('.lb-entry__title').allTextContents(), { timeout: 30_000 })
      .toEqual(['Locked', 'Locked', 'Locked']);
    expect(await other.content()).not.toContain('lbe:');
    // Locked, the image is not there to see either (nothing but the words "Locked").
    expect(
      await other
        .locator('img')
        .evaluateAll((images) => images.filter((one) => one.getAttribute('src')?.startsWith('blob:')).length),
    ).toBe(0);
    await other.getByLabel('Passphrase').fill('not my passphrase at all');
    await other.getByRole('button', { name: 'Unlock' }).click();
    await other.getByText("That passphrase doesn't unlock your journal. Check it and try again.").waitFor();
    await other.getByLabel('Passphrase').fill(PASSPHRASE);
    await other.getByRole('button', { name: 'Unlock' }).click();
    await other.getByText(`Secret ${canary}`).first().waitFor({ timeout: 30_000 });
    // Unlocked, the entry's image is fetched, decrypted here and shown (the list's full text, then the editor).
    const item = other.locator('.lb-entry').filter({ hasText: `Secret ${canary}` });
    await item.getByRole('button', { name: 'Read all' }).click();
    const image = item.locator('img.lb-sealed-image[src^="blob:"]');
    await image.waitFor({ timeout: 30_000 });
    expect(await image.evaluate((one: HTMLImageElement) => one.complete && one.naturalWidth)).toBe(1);
    await item.getByRole('link', { name: `Secret ${canary}` }).click();
    await other.locator('.ql-editor img.lb-sealed-image[src^="blob:"]').waitFor({ timeout: 30_000 });
  });

  it(
    'shows "This entry can\'t be decrypted" for a ciphertext changed by one byte, and opens the others',
    { timeout: 120_000 },
    async () => {
      const stored = await entries(user);
      const target = stored.find((entry) => entry.date === '2026-10-01');
      if (!target) throw new Error('the entry of 2026-10-01 is missing');
      const bytes = fromBase64Url(String(target.body).slice(4));
      bytes[20] ^= 0x01;
      const changed = await apiRequest(
        site,
        'POST',
        '/api/journal_entry/update',
        { board: user.boardId, params: { id: target.id, body: `lbe:${toBase64Url(bytes)}` } },
        user.token,
      );
      expect(changed.status).toBe(200);
      const { page: third } = await contextOf();
      await signIn(third, user);
      await third.goto(`${site.shellUrl}/journal`);
      await third
        .getByLabel('PIN')
        .waitFor({ timeout: 30_000 })
        .catch(() => undefined);
      await third.getByLabel(/Passphrase|PIN/).fill(PASSPHRASE);
      await third.getByRole('button', { name: 'Unlock' }).click();
      await third.getByText(`Secret ${canary}`).first().waitFor({ timeout: 30_000 });
      const titles = await third.locator('.lb-entry__title').allTextContents();
      expect(titles.sort()).toEqual([`Secret ${canary}`, 'Before 2026-10-02', "This entry can't be decrypted"].sort());
    },
  );
});

describe('a migration cut off midway', () => {
  it(
    'leaves every entry plain or encrypted, none lost, and goes on at the next unlock',
    { timeout: 180_000 },
    async () => {
      const mover = await signUpThroughApi(site, 'e2ee-move');
      const count = 80;
      for (let i = 0; i < count; i += 1)
        await apiRequest(
          site,
          'POST',
          '/api/journal_entry/create',
          { board: mover.boardId, params: { date: '2026-09-01', title: `Entry ${i}`, body: `<p>Body ${i}</p>` } },
          mover.token,
        );
      const { context, page } = await contextOf();
      await signIn(page, mover);
      await turnOn(page);
      await expect.poll(async () => (await progressOf(mover)).encrypted, { timeout: 30_000 }).toBeGreaterThan(0);
      await context.close();
      const cut = await entries(mover);
      expect(cut).toHaveLength(count);
      const plain = cut.filter((entry) => !entry.encrypted);
      // Cut off midway indeed: some were sealed, some not yet.
      expect(plain.length).toBeGreaterThan(0);
      expect(plain.length).toBeLessThan(count);
      for (const entry of plain) expect(entry.body).toMatch(/^<p>Body \d+<\/p>$/);
      for (const entry of cut.filter((one) => one.encrypted))
        expect(isCiphertext(entry.title) && isCiphertext(entry.body)).toBe(true);

      const { page: again } = await contextOf();
      await signIn(again, mover);
      await again.goto(`${site.shellUrl}/journal`);
      await again.getByLabel('Passphrase').fill(PASSPHRASE);
      await again.getByRole('button', { name: 'Unlock' }).click();
      await expect.poll(async () => (await progressOf(mover)).encrypted, { timeout: 60_000 }).toBe(count);
      const material = (await apiRequest(site, 'GET', '/api/encryption', undefined, mover.token)).body.encryption;
      const key = await unlock(mover.user.id, material as never, { passphrase: PASSPHRASE });
      const bodies = await Promise.all((await entries(mover)).map((entry) => openRecord(key, 'journal_entry', entry)));
      expect(bodies.map((one) => one.record.body).sort()).toEqual(
        Array.from({ length: count }, (_, i) => `<p>Body ${i}</p>`).sort(),
      );
    },
  );
});

describe("an entry's image when encryption is turned on, then off", () => {
  it(
    'is sealed and uploaded again with the entry, then back in the clear, and each original is deleted',
    {
      timeout: 180_000,
    },
    async () => {
      const owner = await signUpThroughApi(site, 'e2ee-off');
      const form = new FormData();
      form.append('file', new Blob([earlierPicture], { type: 'image/png' }), 'lake.png');
      const uploaded = await fetch(`${site.apiUrl}/api/uploads/image`, {
        method: 'POST',
        body: form,
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${owner.token}` },
      });
      const original = ((await uploaded.json()) as { id: string }).id;
      await apiRequest(
        site,
        'POST',
        '/api/journal_entry/create',
        {
          board: owner.boardId,
          params: { date: '2026-10-05', title: 'Lake', body: `<p>Lake</p><p><img src="/api/uploads/${original}"></p>` },
        },
        owner.token,
      );
      const { page } = await contextOf();
      await signIn(page, owner);
      await turnOn(page);
      await page.getByLabel('I have saved my recovery key').check();
      await page.getByRole('button', { name: 'Done' }).click();
      await expect.poll(async () => (await progressOf(owner)).encrypted, { timeout: 30_000 }).toBe(1);
      const material = (await apiRequest(site, 'GET', '/api/encryption', undefined, owner.token)).body.encryption;
      const key = await unlock(owner.user.id, material as never, { passphrase: PASSPHRASE });
      const sealedBody = String((await openRecord(key, 'journal_entry', (await entries(owner))[0])).record.body);
      const sealedId = /data-sealed-upload="([\w-]{22})"/.exec(sealedBody)?.[1];
      expect(sealedId).toBeDefined();
      await expect.poll(async () => (await fetch(`${site.apiUrl}/api/uploads/${original}`)).status).toBe(404);

      await page.locator('#field-off_passphrase').fill(PASSPHRASE);
      await page.getByRole('button', { name: 'Decrypt everything and turn off' }).click();
      // Off, /security offers to turn it on again.
      await page.getByRole('button', { name: 'Turn on encryption' }).waitFor({ timeout: 60_000 });
      const [plain] = await entries(owner);
      expect(plain.encrypted).toBe(false);
      const address = /<img src="([^"]*\/api\/uploads\/([\w-]{22}))"/.exec(String(plain.body));
      expect(address).not.toBeNull();
      const image = await fetch(new URL(address![1], site.apiUrl));
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).equals(earlierPicture)).toBe(true);
      const sealedCopy = await fetch(`${site.apiUrl}/api/uploads/sealed/${sealedId}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(sealedCopy.status).toBe(404);
    },
  );
});
