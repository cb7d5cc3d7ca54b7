import type { ComponentType } from 'react';
import { GoalsInProgress } from './home/GoalsInProgress';
import { HabitsDueToday } from './home/HabitsDueToday';

/** A card on the shell's /home dashboard, rendered in the shell's React tree (React is one shared instance). */
export interface AreaWidget {
  id: string;
  title: string;
  Component: ComponentType;
}

export const widgets: AreaWidget[] = [
  { id: 'goals-habits-due', title: 'Habits due today', Component: HabitsDueToday },
  { id: 'goals-in-progress', title: 'Goals in progress', Component: GoalsInProgress },
];
