import type { ComponentType } from 'react';
import { LatestSession } from './home/LatestSession';
import { SleepWidget } from './home/Sleep';

/** A card on the shell's /home dashboard, rendered in the shell's React tree (React is one shared instance). */
export interface AreaWidget {
  id: string;
  title: string;
  Component: ComponentType;
}

export const widgets: AreaWidget[] = [
  { id: 'fitness-sleep', title: 'Sleep this week', Component: SleepWidget },
  { id: 'fitness-session', title: 'Latest workout', Component: LatestSession },
];
