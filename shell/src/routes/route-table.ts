import type { ModelName } from '@lifeboard/shared/models/index';
import type { AreaName } from '../remotes/remotes';

/** Every route of spec §2 (architecture.md, *Which area owns which route*): one row each. */
export type Layout = 'public' | 'public-auth' | 'user' | 'admin';
export type Area = 'shell' | AreaName;

export interface RouteEntry {
  path: string;
  /** The page title, without the product suffix. */
  title: string;
  area: Area;
  layout: Layout;
  /** Sign-in required. */
  auth: boolean;
  /** Shell routes: the page component's name in `src/pages/**` (`Landing` → `Landing.tsx` or `LandingPage.tsx`). */
  page?: string;
  /**
   * Area routes whose screen opens with a model's list (`load({})`): on a page load straight into the route (no
   * query), the shell asks for that list as it starts, beside the area's code, and the screen takes it over
   * (`Collection.preload`, bootstrap.tsx). The area's own request goes out only once its code has run.
   */
  list?: ModelName;
}

export const productName = 'Lifeboard';

type Row = [path: string, title: string, page?: string];

/** The `list` of the routes that have one. */
const openingLists: Partial<Record<string, ModelName>> = { '/journal': 'journal_entry' };

function rows(area: Area, layout: Layout, auth: boolean, list: Row[]): RouteEntry[] {
  return list.map(([path, title, page]) => {
    const opens = openingLists[path];
    return { path, title, area, layout, auth, ...(page ? { page } : {}), ...(opens ? { list: opens } : {}) };
  });
}

const publicShell = rows('shell', 'public', false, [
  ['/', 'Plan your life, one habit at a time', 'Landing'],
  ['/support', 'Support', 'Support'],
  ['/service', 'Service', 'Service'],
  ['/terms', 'Terms of service', 'Terms'],
  ['/privacy', 'Privacy', 'Privacy'],
  ['/pricing', 'Pricing', 'Pricing'],
  ['/contact', 'Contact', 'Contact'],
  ['/overview', 'Overview', 'Overview'],
  ['/about', 'About', 'About'],
  ['/forgot-password', 'Forgot password', 'ForgotPassword'],
  ['/reset-password/:token?', 'Reset password', 'ResetPassword'],
  ['/login/:programGuid?', 'Sign in', 'Login'],
  ['/sign-up/:programGuid?', 'Sign up', 'SignUp'],
  ['/sign-up-creator', 'Sign up as a creator', 'SignUpCreator'],
]);

const publicRemote: RouteEntry[] = [
  ...rows('mf_journal', 'public', false, [['/a/:id', 'Shared page']]),
  ...rows('mf_creator', 'public', false, [['/author/:author', 'Author']]),
];

const publicAuth: RouteEntry[] = [
  ...rows('shell', 'public-auth', true, [
    ['/onboarding', 'Welcome', 'Onboarding'],
    ['/security', 'Security', 'Security'],
    ['/program-purchase/:programGuid', 'Purchase a program', 'ProgramPurchase'],
    ['/program-success/:programGuid', 'Program purchased', 'ProgramSuccess'],
    ['/checkout/:checkoutId', 'Checkout', 'Checkout'],
  ]),
  ...rows('mf_creator', 'public-auth', true, [['/program-implement/:programGuid?', 'Start a program']]),
];

const userShell = rows('shell', 'user', true, [
  ['/home', 'Home', 'Home'],
  ['/boards', 'Boards', 'Boards'],
  ['/account', 'Account', 'Account'],
  ['/devices', 'Devices', 'Devices'],
  ['/data', 'Data', 'Data'],
  ['/data/:id', 'Data type', 'DataType'],
  ['/categories', 'Categories', 'Categories'],
  ['/invitations', 'Invitations', 'Invitations'],
]);

const userJournal = rows('mf_journal', 'user', true, [
  ['/journal', 'Journal'],
  ['/journal/reflection', 'Weekly reflection'],
  ['/notes', 'Notes'],
  ['/moods', 'Moods'],
  ['/shared-pages', 'Shared pages'],
  ['/quotes', 'Quotes'],
  ['/questions', 'Questions'],
  ['/books', 'Books'],
  ['/movies', 'Movies'],
  ['/music', 'Music'],
  ['/websites', 'Websites'],
  ['/business-ideas', 'Business ideas'],
  ['/people', 'People'],
  ['/places', 'Places'],
]);

const userGoals = rows('mf_goals', 'user', true, [
  ['/my-goals', 'My goals'],
  ['/goal/:id', 'Goal'],
  ['/goals/ai', 'AI goals'],
  ['/new-goal', 'New goal'],
  ['/setting-goals', 'Setting goals'],
  ['/habits', 'Habits'],
  ['/habits/:id', 'Habit'],
  ['/new-habit', 'New habit'],
  ['/how-habits-work', 'How habits work'],
  ['/projects', 'Projects'],
  ['/project/:id', 'Project'],
  ['/life-plans', 'Life plans'],
  ['/life-plans/:id', 'Life plan'],
  ['/mission', 'Mission'],
  ['/purpose', 'Purpose'],
  ['/vision', 'Vision'],
  ['/values', 'Values'],
  ['/values/:id', 'Value'],
  ['/beliefs', 'Beliefs'],
  ['/interests', 'Interests'],
  ['/ethos', 'Ethos'],
  ['/resolutions', 'Resolutions'],
  ['/skills', 'Skills'],
  ['/managing-stress', 'Managing stress'],
  ['/planner', 'Planner'],
  ['/weekly-review', 'Weekly review'],
  ['/daily-activity-list', 'Daily activity list'],
  ['/daily-activity-list/summary', 'Daily activity summary'],
  ['/daily-activity-list/:id', 'Daily activity list'],
  ['/daily-activity-list/:id/settings', 'Daily activity list settings'],
  ['/activities', 'Activities'],
  ['/activity/:id', 'Activity'],
  ['/plannedactivity/:id', 'Planned activity'],
  ['/calendar', 'Calendar'],
  ['/calendar/connections', 'Calendar connections'],
  ['/events', 'Events'],
  ['/events/:id', 'Event'],
  ['/reminders', 'Reminders'],
  ['/routines', 'Routines'],
  ['/routines/:id', 'Routine'],
  ['/rituals', 'Rituals'],
  ['/rituals/:id', 'Ritual'],
  ['/report/habit-summary', 'Habit summary'],
  ['/report/activity-summary', 'Activity summary'],
  ['/report/goal-timeline', 'Goal timeline'],
  ['/report/timeline', 'Timeline'],
]);

const userFitness = rows('mf_fitness', 'user', true, [
  ['/exercises', 'Exercises'],
  ['/exercises/:id', 'Exercise'],
  ['/workouts', 'Workouts'],
  ['/workouts/:id', 'Workout'],
  ['/workouts/:id/edit', 'Edit workout'],
  ['/workout-session/:id', 'Workout session'],
  ['/workout-sessions', 'Workout sessions'],
  ['/sleep', 'Sleep'],
  ['/health-issues', 'Health issues'],
  ['/health-issues/:id', 'Health issue'],
  ['/medicines', 'Medicines'],
  ['/drug/:id', 'Medicine'],
]);

const userCreator = rows('mf_creator', 'user', true, [
  ['/programs', 'Programs'],
  ['/program/:id', 'Program'],
  ['/subscription/:id', 'Subscription'],
  ['/transaction/:id', 'Transaction'],
  ['/creator-payments', 'Creator payments'],
  ['/creator-programs', 'Creator programs'],
  ['/creator-transactions', 'Creator transactions'],
  ['/creator-earning-rates', 'Earning rates'],
  ['/creator-coupons', 'Coupons'],
  ['/myauthors', 'My authors'],
  ['/ai-programs', 'AI programs'],
  ['/chapters', 'Chapters'],
  ['/chapter/:id', 'Chapter'],
]);

const admin = rows('mf_admin', 'admin', true, [
  ['/admin', 'Admin'],
  ['/admin/programs', 'Admin · Programs'],
  ['/admin/program/:id', 'Admin · Program'],
  ['/admin/users', 'Admin · Users'],
  ['/admin/users/:id', 'Admin · User'],
  ['/admin/authors', 'Admin · Authors'],
  ['/admin/ai-models', 'Admin · AI models'],
  ['/admin/ai-model-testing', 'Admin · AI model testing'],
  ['/admin/queue', 'Admin · Job queue'],
  ['/admin/audit', 'Admin · Audit log'],
  ['/admin/payments', 'Admin · Payments'],
]);

export const routeTable: readonly RouteEntry[] = [
  ...publicShell,
  ...publicRemote,
  ...publicAuth,
  ...userShell,
  ...userJournal,
  ...userGoals,
  ...userFitness,
  ...userCreator,
  ...admin,
];

/** The full document title of a route. */
export function documentTitle(entry: RouteEntry | null): string {
  return entry ? `${entry.title} · ${productName}` : `Page not found · ${productName}`;
}
