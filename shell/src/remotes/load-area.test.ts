import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAreaFoundations } from './area-foundations';
import { areaLoadsSettled, startVisitedArea } from './load-area';
import { resetRemotesForTests } from './register';

vi.mock('./area-foundations', () => ({ loadAreaFoundations: vi.fn(async () => undefined) }));

afterEach(() => {
  vi.mocked(loadAreaFoundations).mockClear();
  resetRemotesForTests();
});

describe('the shared code that comes with an area', () => {
  it('comes with an area as much as its first screens run: none for the admin area, the kit for the journal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // No remotes.json here: the loads fail, which these checks do not depend on.
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    expect(startVisitedArea({ pathname: '/admin/users', search: '' }, { signedIn: true, isAdmin: true })).toBe('mf_admin');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('none');
    expect(startVisitedArea({ pathname: '/habits', search: '' }, { signedIn: true, isAdmin: true })).toBe('mf_goals');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('schema-screens');
    expect(startVisitedArea({ pathname: '/journal', search: '' }, { signedIn: true, isAdmin: true })).toBe('mf_journal');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('kit');
    await areaLoadsSettled();
    vi.unstubAllGlobals();
  });
});
