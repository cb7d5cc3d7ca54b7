import type { ComponentType } from 'react';
import { LatestJournalEntry } from './home/LatestJournalEntry';
import { MoodLogWidget } from './home/MoodLogWidget';
import { RecentMoods } from './home/RecentMoods';

/** A card on the shell's /home dashboard, rendered in the shell's React tree (React is one shared instance). */
export interface AreaWidget {
  id: string;
  title: string;
  Component: ComponentType;
}

export const widgets: AreaWidget[] = [
  { id: 'journal-latest', title: 'Latest journal entry', Component: LatestJournalEntry },
  { id: 'journal-mood-log', title: 'How do you feel?', Component: MoodLogWidget },
  { id: 'journal-moods', title: 'Recent moods', Component: RecentMoods },
];
