import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '../lib/test-fake-api';
import { createResource } from '../api/resource';
import { createKeyMaterial, type KeyMaterial } from '../crypto/keys';
import { sealRecord } from '../crypto/records';
import { makeUser } from '../models/test-user';
import { clearData } from './data';
import { $encryption, lockEncryption, unlockEncryption } from './encryption';
import { flushDeviceSearch, searchOnDevice } from './device-search';
import { setSession } from './session';

const api = withFakeApi();
const USER = 52;
const PASSPHRASE = 'passphrase for the search test';
let material: KeyMaterial;
/** The entries the fake server keeps, as it was sent them (ciphertext). */
let stored: Record<string, unknown>[] = [];
let lists = 0;
let clock = 0;

const stamp = () => `2026-11-0${1 + (clock++ % 9)}T00:00:00.${String(clock).padStart(3, '0')}Z`;

async function seed(board: number, date: string, title: string, body: string): Promise<void> {
  const sealed = await sealRecord($encryption.get().dataKey, 'journal_entry', { title, body });
  stored.push({ id: stored.length + 1, board_id: board, date, created_at: stamp(), updated_at: stamp(), ...sealed });
}

const titles = (records: Record<string, unknown>[]) => records.map((record) => record.title);

beforeEach(async () => {
  clearData();
  setSession('tok', makeUser({ id: USER }));
  lockEncryption();
  material ??= (await createKeyMaterial(USER, PASSPHRASE)).material;
  stored = [];
  lists = 0;
  api.requests.length = 0;
  api.on('GET /api/encryption', {
    body: { success: true, encryption: { ...material, state: 'on', updated_at: '2026-11-01T00:00:00.000Z' } },
  });
  api.on('POST /api/journal_entry/all', (request) => {
    lists += 1;
    const { board, params } = request.body as { board: number; params: { cursor?: string; limit: number } };
    const mine = stored.filter((entry) => entry.board_id === board);
    const start = Number(params.cursor ?? 0);
    const page = mine.slice(start, start + params.limit);
    const next = start + params.limit < mine.length ? String(start + params.limit) : undefined;
    return { body: { success: true, journalEntries: page, ...(next ? { next_cursor: next } : {}) } };
  });
  api.on('POST /api/journal_entry/create', (request) => {
    const { board, params } = request.body as { board: number; params: Record<string, unknown> };
    const entry = { id: stored.length + 1, board_id: board, created_at: stamp(), updated_at: stamp(), ...params };
    stored.push(entry);
    return { status: 201, body: { success: true, journal_entry: entry } };
  });
  api.on('POST /api/journal_entry/update', (request) => {
    const { id, ...params } = (request.body as { params: Record<string, unknown> }).params;
    const index = stored.findIndex((entry) => entry.id === id);
    stored[index] = { ...stored[index], ...params, updated_at: stamp() };
    return { body: { success: true, journal_entry: stored[index] } };
  });
  api.on('POST /api/journal_entry/delete', (request) => {
    const { id } = (request.body as { params: { id: number } }).params;
    stored = stored.filter((entry) => entry.id !== id);
    return { body: { success: true, id } };
  });
  await unlockEncryption({ passphrase: PASSPHRASE });
});
afterEach(() => clearData());

describe('the journal searched on the device while encryption is on', () => {
  it('finds decrypted words of the board, newest first, up to a day, without sending the words', async () => {
    await seed(1, '2026-10-01', 'Lake swim', '<p>The water was <em>cold</em></p>');
    await seed(1, '2026-10-03', 'Swimming again', '<p>Warmer water today</p>');
    await seed(1, '2026-10-02', 'Budget', '<p>A long meeting</p>');
    await seed(2, '2026-10-04', 'Swim on the other board', '<p>water</p>');
    // More than a page: the sync follows the cursor.
    for (let i = 0; i < 210; i += 1) await seed(1, '2026-09-01', `Filler ${i}`, '<p>nothing</p>');

    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'water' }))).toEqual([
      'Swimming again',
      'Lake swim',
    ]);
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'swim' }))).toEqual([
      'Swimming again',
      'Lake swim',
    ]);
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'water', to: '2026-10-02' }))).toEqual([
      'Lake swim',
    ]);
    // Every word is required; tags are not words.
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'cold water' }))).toEqual(['Lake swim']);
    expect(await searchOnDevice('journal_entry', 1, { search: 'em' })).toEqual([]);
    expect(titles(await searchOnDevice('journal_entry', 2, { search: 'water' }))).toEqual(['Swim on the other board']);
    // Board 1 was read once (two pages), board 2 once: later searches use the index in memory.
    expect(lists).toBe(3);
    const sent = api.requests.map((request) => JSON.stringify(request.body ?? '')).join('\n');
    expect(sent).not.toMatch(/water|swim/i);
  });

  it('keeps the index current as entries are written, changed and deleted', async () => {
    await seed(1, '2026-10-01', 'Morning', '<p>coffee</p>');
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'coffee' }))).toEqual(['Morning']);
    const entries = createResource('journal_entry');
    const created = await entries.create(1, { date: '2026-10-05', title: 'Evening', body: '<p>tea and coffee</p>' });
    if (!created.ok) throw created.error;
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'coffee' }))).toEqual(['Evening', 'Morning']);
    expect((await entries.update(1, 1, { body: '<p>juice</p>' })).ok).toBe(true);
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'coffee' }))).toEqual(['Evening']);
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'juice' }))).toEqual(['Morning']);
    expect((await entries.remove(1, created.data.id)).ok).toBe(true);
    expect(await searchOnDevice('journal_entry', 1, { search: 'coffee' })).toEqual([]);
    expect(lists).toBe(1);
  });

  it('keeps the index sealed in IndexedDB and brings it up to date with what changed elsewhere', async () => {
    await seed(1, '2026-10-01', 'Kept', '<p>harbour</p>');
    await seed(1, '2026-10-02', 'Changed elsewhere', '<p>harbour</p>');
    await seed(1, '2026-10-03', 'Deleted elsewhere', '<p>harbour</p>');
    expect(await searchOnDevice('journal_entry', 1, { search: 'harbour' })).toHaveLength(3);
    await flushDeviceSearch();
    const sealed = await new Promise<unknown>((resolve) => {
      const request = indexedDB.open('lifeboard-search');
      request.onsuccess = () => {
        const get = request.result.transaction('indexes').objectStore('indexes').get(String(USER));
        get.onsuccess = () => resolve(get.result);
      };
    });
    expect(String(sealed)).toMatch(/^lbe:/);
    expect(String(sealed)).not.toMatch(/harbour|Kept/);

    // Another device changes one entry and deletes another; this one locks, and unlocks in a new page.
    const changed = await sealRecord($encryption.get().dataKey, 'journal_entry', {
      title: 'Changed elsewhere',
      body: '<p>lighthouse</p>',
    });
    stored[1] = { ...stored[1], ...changed, updated_at: stamp() };
    stored.splice(2, 1);
    lockEncryption();
    await expect(searchOnDevice('journal_entry', 1, { search: 'harbour' })).rejects.toThrow(/Unlock/);
    await unlockEncryption({ passphrase: PASSPHRASE });
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'harbour' }))).toEqual(['Kept']);
    expect(titles(await searchOnDevice('journal_entry', 1, { search: 'lighthouse' }))).toEqual(['Changed elsewhere']);
  });
});
