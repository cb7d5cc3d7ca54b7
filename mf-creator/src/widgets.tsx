import type { ComponentType } from 'react';
import { ProgramsWidget } from './home/ProgramsWidget';

/** A card on the shell's /home dashboard, rendered in the shell's React tree (React is one shared instance). */
export interface AreaWidget {
  id: string;
  title: string;
  Component: ComponentType;
}

export const widgets: AreaWidget[] = [{ id: 'creator-programs', title: 'New programs', Component: ProgramsWidget }];
