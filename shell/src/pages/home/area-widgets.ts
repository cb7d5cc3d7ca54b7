import type { ComponentType } from 'react';
import { startRemotes } from '../../remotes/register';
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
}

function isWidget(value: unknown): value is AreaWidget {
  const candidate = value as Partial<AreaWidget> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.id === 'string' && typeof candidate.title === 'string' && typeof candidate.Component === 'function';
}

function widgetsOf(module: unknown): AreaWidget[] {
  if (typeof module !== 'object' || module === null || !('widgets' in module) || !Array.isArray(module.widgets)) return [];
  return module.widgets.filter(isWidget);
}

/**
 * Each registered area's widgets, loaded through the MF runtime. An area that is down gives no widgets (its
 * own route shows the error panel); the dashboard never waits on, nor breaks for, one remote.
 */
export async function loadAreaWidgets(): Promise<AreaWidgets[]> {
  let registered;
  try {
    registered = await startRemotes();
  } catch {
    return [];
  }
  const wanted = areaNames.filter((area) => areas[area].hasWidgets && registered.areas.includes(area));
  const loaded = await Promise.all(
    wanted.map(async (area) => {
      try {
        const widgets = widgetsOf(await registered.instance.loadRemote<unknown>(widgetsId(area)));
        return { area, label: areas[area].label, widgets };
      } catch {
        return { area, label: areas[area].label, widgets: [] };
      }
    }),
  );
  return loaded.filter((entry) => entry.widgets.length > 0);
}
