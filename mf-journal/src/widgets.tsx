import type { ComponentType } from 'react';

/** A card on the shell's /home dashboard, rendered in the shell's React tree (React is one shared instance). */
export interface AreaWidget {
  id: string;
  title: string;
  Component: ComponentType;
}

/** This area's home widgets; the area's feature folders add theirs here. */
export const widgets: AreaWidget[] = [];
