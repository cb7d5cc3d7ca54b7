import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../models/user';
import { clearDrafts, discardDraft, loadDraft, saveDraft } from './drafts';
import { clearSession, setSession } from './session';

const user = (id: number) => ({ id, email: `${id}@example.com`, name: 'U', role: 'user' }) as const;
function signIn(id: number): void {
  const base: User = {
    ...user(id),
    default_board_id: 1,
    boards: [],
    completed_onboarding_at: null,
    phone_number: null,
    tagline: null,
    show_tagline: false,
    lat: null,
    lon: null,
    send_daily_emails: false,
    has_sms_enabled: false,
    using_as_user: true,
    timezone: 'UTC',
    ai_model: null,
  };
  setSession('tok', base);
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
});

describe('drafts', () => {
  it('keeps a draft until it is discarded', () => {
    signIn(1);
    saveDraft('habit:new', { title: 'Meditate' });
    expect(loadDraft('habit:new')?.value).toEqual({ title: 'Meditate' });
    discardDraft('habit:new');
    expect(loadDraft('habit:new')).toBeNull();
  });

  it('keeps drafts per user', () => {
    signIn(1);
    saveDraft('note:new', 'mine');
    signIn(2);
    expect(loadDraft('note:new')).toBeNull();
    signIn(1);
    expect(loadDraft<string>('note:new')?.value).toBe('mine');
  });

  it("clearDrafts removes only the current user's drafts", () => {
    signIn(1);
    saveDraft('a', 1);
    saveDraft('b', 2);
    signIn(2);
    saveDraft('a', 3);
    signIn(1);
    clearDrafts();
    expect([loadDraft('a'), loadDraft('b')]).toEqual([null, null]);
    signIn(2);
    expect(loadDraft('a')?.value).toBe(3);
  });

  it('ignores a corrupt draft', () => {
    localStorage.setItem('lifeboard:draft:anonymous:x', '{bad');
    expect(loadDraft('x')).toBeNull();
  });
});
