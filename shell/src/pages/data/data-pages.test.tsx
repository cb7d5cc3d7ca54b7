import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../auth/test-helpers';
import Data from './Data';
import DataType from './DataType';

const api = withFakeApi();
beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setSession('tok', makeUser());
  setBoard(11, 'Default Board');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const weight = {
  id: 5,
  name: 'Weight',
  fields: [
    { name: 'kg', kind: 'number' },
    { name: 'mood', kind: 'choice', choices: ['good', 'bad'] },
  ],
};
const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input, select' });
const creates = () => api.requests.filter((r) => r.path.endsWith('/create'));

describe('Data', () => {
  it('builds a type field by field and sends it as the model stores it', async () => {
    api.on('POST /api/user_data_type/all', { body: { success: true, userDataTypes: [] } });
    api.on('POST /api/user_data_type/create', (request) => ({
      body: { success: true, user_data_type: { id: 9, ...(request.body as { params: object }).params } },
    }));
    renderAt(<Data />, '/data', '/data');
    expect(await screen.findByText(/no data types yet/i)).toBeTruthy();
    fireEvent.change(input(/^name$/i), { target: { value: 'Sleep' } });
    fireEvent.change(input(/field 1 name/i), { target: { value: 'hours' } });
    fireEvent.change(input(/^unit$/i), { target: { value: 'h' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.change(input(/field 2 name/i), { target: { value: 'quality' } });
    fireEvent.change(screen.getAllByLabelText('Kind')[1], { target: { value: 'choice' } });
    fireEvent.change(input(/choices/i), { target: { value: 'poor, fine , great' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create data type' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Sleep' })).toBeTruthy();
    expect(creates()[0]?.body).toEqual({
      board: 11,
      params: {
        name: 'Sleep',
        fields: [
          { name: 'hours', kind: 'number', unit: 'h' },
          { name: 'quality', kind: 'choice', choices: ['poor', 'fine', 'great'] },
        ],
      },
    });
    expect(input(/^name$/i).value).toBe('');
  });

  it('offers the download of everything, Markdown and CSV included', async () => {
    api.on('POST /api/user_data_type/all', { body: { success: true, userDataTypes: [] } });
    renderAt(<Data />, '/data', '/data');
    expect(await screen.findByRole('button', { name: 'Download all my data' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your data' }).textContent).toMatch(/Markdown.*CSV/);
  });

  it('names the builder row that is wrong and sends nothing', async () => {
    api.on('POST /api/user_data_type/all', { body: { success: true, userDataTypes: [] } });
    renderAt(<Data />, '/data', '/data');
    fireEvent.change(input(/^name$/i), { target: { value: 'Sleep' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create data type' }));
    await waitFor(() => expect(input(/field 1 name/i).getAttribute('aria-invalid')).toBe('true'));
    expect(creates()).toHaveLength(0);
    expect(input(/^name$/i).value).toBe('Sleep');
  });
});

describe('DataType', () => {
  it('says a type that does not exist was not found', async () => {
    api.on('POST /api/user_data_type/all', { body: { success: true, userDataTypes: [] } });
    api.on('POST /api/user_data_type/get', { status: 404, body: { message: 'Not found.' } });
    api.on('POST /api/user_data_record/all', { body: { success: true, userDataRecords: [] } });
    renderAt(<DataType />, '/data/:id', '/data/77');
    expect((await screen.findByRole('alert')).textContent).toMatch(/not found/i);
  });

  beforeEach(() => {
    api.on('POST /api/user_data_type/all', { body: { success: true, userDataTypes: [weight] } });
    api.on('POST /api/user_data_record/all', {
      body: {
        success: true,
        userDataRecords: [
          { id: 2, type_id: 5, date: '2026-11-21', values: { kg: 71.5, mood: 'good' } },
          { id: 1, type_id: 5, date: '2026-11-20', values: { kg: 72, mood: 'bad' } },
          { id: 3, type_id: 6, date: '2026-11-20', values: { steps: 9000 } },
        ],
      },
    });
  });

  it('lists this type’s records and charts the number field', async () => {
    renderAt(<DataType />, '/data/:id', '/data/5');
    expect(await screen.findByRole('heading', { name: 'Weight' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    // The app's chart (TimeChart), placed by date; its words stand in where a canvas cannot draw.
    expect(
      await screen.findByRole(
        'img',
        { name: 'kg: 2 values from 2026-11-20 to 2026-11-21, the last 71.5' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  }, 15_000);

  it('adds a record with one input per field, numbers as numbers', async () => {
    api.on('POST /api/user_data_record/create', (request) => ({
      body: { success: true, user_data_record: { id: 4, ...(request.body as { params: object }).params } },
    }));
    renderAt(<DataType />, '/data/:id', '/data/5');
    await screen.findByRole('heading', { name: 'Weight' });
    fireEvent.change(input(/^date$/i), { target: { value: '2026-11-22' } });
    fireEvent.change(input(/^date$/i), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add record' }));
    await waitFor(() => expect(input(/^date$/i).getAttribute('aria-invalid')).toBe('true'));
    expect(creates()).toHaveLength(0);
    fireEvent.change(input(/^date$/i), { target: { value: '2026-11-22' } });
    fireEvent.change(input(/^kg$/i), { target: { value: '71' } });
    fireEvent.change(input(/^mood$/i), { target: { value: 'good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add record' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]?.body).toEqual({
      board: 11,
      params: { type_id: 5, date: '2026-11-22', values: { kg: 71, mood: 'good' } },
    });
  });
});
