/**
 * The sidebar: every signed-in screen, grouped as people think of them (issue 31). Each section shows its main
 * screens; the rest sit behind the section's "More" button. `also` names other paths that belong to a link, so
 * the current place is marked on a record's page too (/goal/3 marks Goals).
 */
export interface NavItem {
  to: string;
  label: string;
  also?: readonly string[];
}

export interface NavSection {
  id: string;
  label: string;
  main: readonly NavItem[];
  more: readonly NavItem[];
  /** Shown only to creators (and admins), or only to admins. */
  only?: 'creator' | 'admin';
}

export const navSections: readonly NavSection[] = [
  {
    id: 'today',
    label: 'Today',
    main: [
      { to: '/home', label: 'Home' },
      { to: '/planner', label: 'Planner' },
      { to: '/daily-activity-list', label: 'Daily lists' },
    ],
    more: [
      { to: '/weekly-review', label: 'Weekly review' },
      { to: '/reminders', label: 'Reminders' },
    ],
  },
  {
    id: 'journal',
    label: 'Journal',
    main: [
      { to: '/journal', label: 'Journal' },
      { to: '/notes', label: 'Notes' },
      { to: '/moods', label: 'Moods' },
    ],
    more: [
      { to: '/shared-pages', label: 'Shared pages' },
      { to: '/quotes', label: 'Quotes' },
      { to: '/questions', label: 'Questions' },
      { to: '/books', label: 'Books' },
      { to: '/movies', label: 'Movies' },
      { to: '/music', label: 'Music' },
      { to: '/websites', label: 'Websites' },
      { to: '/business-ideas', label: 'Business ideas' },
      { to: '/people', label: 'People' },
      { to: '/places', label: 'Places' },
    ],
  },
  {
    id: 'goals',
    label: 'Goals and habits',
    main: [
      { to: '/my-goals', label: 'Goals', also: ['/goal', '/new-goal', '/goals', '/setting-goals'] },
      { to: '/habits', label: 'Habits', also: ['/new-habit', '/how-habits-work'] },
      { to: '/values', label: 'Values' },
    ],
    more: [
      { to: '/mission', label: 'Mission' },
      { to: '/purpose', label: 'Purpose' },
      { to: '/vision', label: 'Vision' },
      { to: '/beliefs', label: 'Beliefs' },
      { to: '/interests', label: 'Interests' },
      { to: '/ethos', label: 'Ethos' },
      { to: '/resolutions', label: 'Resolutions' },
      { to: '/skills', label: 'Skills' },
      { to: '/managing-stress', label: 'Managing stress' },
      { to: '/report/habit-summary', label: 'Habit summary' },
      { to: '/report/goal-timeline', label: 'Goal timeline' },
    ],
  },
  {
    id: 'plan',
    label: 'Plan',
    main: [
      { to: '/calendar', label: 'Calendar' },
      { to: '/projects', label: 'Projects', also: ['/project'] },
      { to: '/routines', label: 'Routines' },
    ],
    more: [
      { to: '/events', label: 'Events' },
      { to: '/life-plans', label: 'Life plans' },
      { to: '/rituals', label: 'Rituals' },
      { to: '/activities', label: 'Activities', also: ['/activity', '/plannedactivity'] },
      { to: '/report/activity-summary', label: 'Activity summary' },
      { to: '/report/timeline', label: 'Timeline' },
    ],
  },
  {
    id: 'health',
    label: 'Health',
    main: [
      { to: '/sleep', label: 'Sleep' },
      { to: '/workouts', label: 'Workouts', also: ['/workout-session'] },
      { to: '/exercises', label: 'Exercises' },
    ],
    more: [
      { to: '/workout-sessions', label: 'Workout sessions' },
      { to: '/health-issues', label: 'Health issues' },
      { to: '/medicines', label: 'Medicines', also: ['/drug'] },
    ],
  },
  {
    id: 'programs',
    label: 'Programs',
    main: [
      { to: '/programs', label: 'Programs', also: ['/program', '/subscription', '/transaction'] },
      { to: '/ai-programs', label: 'AI programs' },
    ],
    more: [],
  },
  {
    id: 'creator',
    label: 'Creator',
    only: 'creator',
    main: [
      { to: '/creator-programs', label: 'My programs' },
      { to: '/chapters', label: 'Chapters', also: ['/chapter'] },
      { to: '/creator-transactions', label: 'Transactions' },
    ],
    more: [
      { to: '/creator-payments', label: 'Payments' },
      { to: '/creator-coupons', label: 'Coupons' },
      { to: '/creator-earning-rates', label: 'Earning rates' },
      { to: '/myauthors', label: 'Authors' },
    ],
  },
  {
    id: 'you',
    label: 'You',
    main: [
      { to: '/account', label: 'Account' },
      { to: '/boards', label: 'Boards' },
      { to: '/data', label: 'Data' },
    ],
    more: [
      { to: '/categories', label: 'Categories' },
      { to: '/devices', label: 'Devices' },
      { to: '/invitations', label: 'Invitations' },
    ],
  },
  {
    id: 'admin',
    label: 'Admin',
    only: 'admin',
    main: [{ to: '/admin', label: 'Admin' }],
    more: [],
  },
];

/** Whether `item` is the place `pathname` is in: the path itself, a page under it, or one of its `also`. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return under(item.to) || (item.also ?? []).some(under);
}

/** The link `pathname` is in, the most specific one (/calendar/connections is under Calendar). */
export function currentItem(pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const section of navSections)
    for (const item of [...section.main, ...section.more])
      if (isCurrent(item, pathname) && (!best || item.to.length > best.to.length)) best = item;
  return best;
}
