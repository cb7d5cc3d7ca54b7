/** The areas the shell composes at run time: one row per remote (conventions.md, *The shell*). */
export const areaNames = ['mf_journal', 'mf_goals', 'mf_fitness', 'mf_creator', 'mf_admin'] as const;
export type AreaName = (typeof areaNames)[number];

export interface AreaInfo {
  name: AreaName;
  /** Shown in the navigation and in the area's error panel. */
  label: string;
  /** Where the navigation link of the area goes. */
  home: string;
  /** Only signed-in admins may load it; never preloaded for anyone else. */
  adminOnly: boolean;
  /** Has dashboard widgets for /home. */
  hasWidgets: boolean;
  /** Runs the shared UI kit and list stores, which the shell fetches beside the area's own files (load-area.ts). */
  usesKit: boolean;
}

export const areas: Record<AreaName, AreaInfo> = {
  mf_journal: {
    name: 'mf_journal',
    label: 'Journal',
    home: '/journal',
    adminOnly: false,
    hasWidgets: true,
    usesKit: true,
  },
  mf_goals: {
    name: 'mf_goals',
    label: 'Goals',
    home: '/my-goals',
    adminOnly: false,
    hasWidgets: true,
    usesKit: true,
  },
  mf_fitness: {
    name: 'mf_fitness',
    label: 'Fitness',
    home: '/exercises',
    adminOnly: false,
    hasWidgets: true,
    usesKit: true,
  },
  mf_creator: {
    name: 'mf_creator',
    label: 'Programs',
    home: '/programs',
    adminOnly: false,
    hasWidgets: true,
    usesKit: true,
  },
  mf_admin: {
    name: 'mf_admin',
    label: 'Admin',
    home: '/admin',
    adminOnly: true,
    hasWidgets: false,
    usesKit: false,
  },
};

export function isAreaName(value: string): value is AreaName {
  return (areaNames as readonly string[]).includes(value);
}

/** The module every area exposes with its single-spa lifecycles. */
export function lifecyclesId(area: AreaName): string {
  return `${area}/lifecycles`;
}

export function widgetsId(area: AreaName): string {
  return `${area}/widgets`;
}
