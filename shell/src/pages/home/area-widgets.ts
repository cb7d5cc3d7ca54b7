import type { ComponentType } from 'react';
import { startRemotes } from '../../remotes/load-area';
import { areaNames, areas, widgetsId } from '../../remotes/remotes';
import type { AreaName } from '../../remotes/remotes';

/** A card a remote offers for /home (the `widgets` export of its `./widgets` module). */
export interface AreaWidget {
  id: string;
  title: string;
  Component: ComponentType;
}

export interface AreaWidgets {
  area: AreaName;
  label: string;
  widgets: AreaWidget[];
  /** Set when the area's code could not be loaded: its place on /home shows a notice with a retry. */
  error?: string;
}

function isWidget(value: unknown): value is AreaWidget {
  const candidate = value as Partial<AreaWidget> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.id === 'string' &&
    typeof candidate.title === 'string' &&
    typeof candidate.Component === 'function'
  );
}

function widgetsOf(module: unknown): AreaWidget[] {
  if (typeof module !== 'object' || module === null || !('widgets' in module) || !Array.isArray(module.widgets))
    return [];
  return module.widgets.filter(isWidget);
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The areas that offer widgets for /home. */
export const widgetAreas: readonly AreaName[] = areaNames.filter((area) => areas[area].hasWidgets);

/**
 * One area's widgets, loaded through the MF runtime (each call a fresh `loadRemote`, which Retry relies on).
 * An area remotes.json does not list gives none; one whose code cannot be fetched comes back with `error`.
 */
export async function loadWidgetsOf(area: AreaName): Promise<AreaWidgets> {
  const { label } = areas[area];
  try {
    const registered = await startRemotes();
    if (!registered.areas.includes(area)) return { area, label, widgets: [] };
    return {
      area,
      label,
      widgets: widgetsOf(await registered.instance.loadRemote<unknown>(widgetsId(area))),
    };
  } catch (error) {
    return { area, label, widgets: [], error: describeError(error) };
  }
}
