import { describe, expect, it } from 'vitest';
import { areaNames } from '../remotes/remotes';
import { findRoute } from './guard';
import { documentTitle, routeTable } from './route-table';

/** The routes of spec §2, with the product's `{product}e` read as habit (architecture.md). */
const specPaths = [
  '/',
  '/support',
  '/service',
  '/terms',
  '/privacy',
  '/pricing',
  '/contact',
  '/overview',
  '/about',
  '/forgot-password',
  '/author/:author',
  '/a/:id',
  '/login/:programGuid?',
  '/sign-up/:programGuid?',
  '/sign-up-creator',
  '/onboarding',
  '/security',
  '/program-purchase/:programGuid',
  '/program-success/:programGuid',
  '/program-implement/:programGuid?',
  '/admin',
  '/admin/programs',
  '/admin/program/:id',
  '/admin/users',
  '/admin/users/:id',
  '/admin/authors',
  '/admin/ai-models',
  '/admin/ai-model-testing',
  '/admin/queue',
  '/home',
  '/boards',
  '/journal',
  '/data',
  '/data/:id',
  '/devices',
  '/programs',
  '/creator-payments',
  '/creator-programs',
  '/creator-transactions',
  '/creator-earning-rates',
  '/myauthors',
  '/ai-programs',
  '/chapters',
  '/chapter/:id',
  '/shared-pages',
  '/categories',
  '/report/habit-summary',
  '/report/activity-summary',
  '/report/goal-timeline',
  '/report/timeline',
  '/drug/:id',
  '/program/:id',
  '/subscription/:id',
  '/transaction/:id',
  '/planner',
  '/daily-activity-list',
  '/daily-activity-list/summary',
  '/daily-activity-list/:id',
  '/daily-activity-list/:id/settings',
  '/projects',
  '/project/:id',
  '/how-habits-work',
  '/calendar',
  '/events',
  '/activities',
  '/activity/:id',
  '/plannedactivity/:id',
  '/moods',
  '/life-plans',
  '/life-plans/:id',
  '/sleep',
  '/business-ideas',
  '/health-issues',
  '/movies',
  '/quotes',
  '/questions',
  '/account',
  '/exercises',
  '/workouts',
  '/workouts/:id',
  '/workouts/:id/edit',
  '/workout-session/:id',
  '/workout-sessions',
  '/rituals',
  '/books',
  '/routines',
  '/reminders',
  '/skills',
  '/medicines',
  '/places',
  '/notes',
  '/setting-goals',
  '/managing-stress',
  '/mission',
  '/purpose',
  '/vision',
  '/my-goals',
  '/goal/:id',
  '/goals/ai',
  '/new-goal',
  '/people',
  '/habits',
  '/habits/:id',
  '/new-habit',
  '/values',
  '/resolutions',
  '/beliefs',
  '/interests',
  '/ethos',
  '/websites',
  '/music',
  '/invitations',
];

describe('route table', () => {
  it('has every route of spec §2, each once', () => {
    const paths = routeTable.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of specPaths) expect(paths, path).toContain(path);
  });

  it('gives every route a title, and every shell route a page', () => {
    for (const entry of routeTable) {
      expect(entry.title.trim(), entry.path).not.toBe('');
      if (entry.area === 'shell') expect(entry.page, entry.path).toBeTruthy();
      else expect(entry.page, entry.path).toBeUndefined();
    }
  });

  it('names the list an area screen opens with only where the shell may ask for it: /journal’s entries', () => {
    expect(routeTable.filter((entry) => entry.list).map((entry) => [entry.path, entry.area, entry.list])).toEqual([
      ['/journal', 'mf_journal', 'journal_entry'],
    ]);
  });

  it('puts the public routes of spec §2 in the public layout without sign-in', () => {
    for (const path of ['/', '/support', '/a/:id', '/author/:author', '/login/:programGuid?', '/sign-up-creator']) {
      const entry = routeTable.find((row) => row.path === path);
      expect(entry?.auth, path).toBe(false);
      expect(entry?.layout, path).toBe('public');
    }
  });

  it('requires sign-in on every other route, with the layouts of spec §2', () => {
    const byLayout = (layout: string) => routeTable.filter((entry) => entry.layout === layout);
    expect(byLayout('public-auth').map((entry) => entry.path)).toEqual([
      '/onboarding',
      '/security',
      '/program-purchase/:programGuid',
      '/program-success/:programGuid',
      '/checkout/:checkoutId',
      '/program-implement/:programGuid?',
    ]);
    for (const entry of [...byLayout('public-auth'), ...byLayout('user'), ...byLayout('admin')])
      expect(entry.auth).toBe(true);
    expect(byLayout('admin').every((entry) => entry.path.startsWith('/admin') && entry.area === 'mf_admin')).toBe(true);
  });

  it('assigns areas as architecture.md does', () => {
    expect(findRoute('/journal')?.area).toBe('mf_journal');
    expect(findRoute('/a/42')?.area).toBe('mf_journal');
    expect(findRoute('/habits/7')?.area).toBe('mf_goals');
    expect(findRoute('/workouts/3/edit')?.area).toBe('mf_fitness');
    expect(findRoute('/author/jane')?.area).toBe('mf_creator');
    expect(findRoute('/admin/users/9')?.area).toBe('mf_admin');
    expect(findRoute('/home')?.area).toBe('shell');
    const used = new Set(routeTable.map((entry) => entry.area));
    for (const area of areaNames) expect(used.has(area), area).toBe(true);
  });

  it('matches static segments before parameters and optional parameters both ways', () => {
    expect(findRoute('/daily-activity-list/summary')?.path).toBe('/daily-activity-list/summary');
    expect(findRoute('/daily-activity-list/5')?.path).toBe('/daily-activity-list/:id');
    expect(findRoute('/login')?.path).toBe('/login/:programGuid?');
    expect(findRoute('/login/abc-123')?.path).toBe('/login/:programGuid?');
    expect(findRoute('/no-such-page')).toBeNull();
  });

  it('titles the document with the product name', () => {
    expect(documentTitle(findRoute('/habits'))).toBe('Habits · Lifeboard');
    expect(documentTitle(null)).toBe('Page not found · Lifeboard');
  });
});
