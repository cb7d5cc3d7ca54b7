import { MeasuringStrategy } from './dnd';

/**
 * The places of a sortable list's items, measured before a drag starts (dnd-kit measures them only once it has
 * started, by default): a keyboard user's first arrow key right after picking an item up then has places to move
 * it to, instead of doing nothing while they are measured.
 */
export const measureBeforeDragging = { droppable: { strategy: MeasuringStrategy.Always } };

type DragId = string | number;

/**
 * What a screen reader hears while an item of a sortable list (dnd-kit) moves: its title and its neighbour's,
 * never an internal id. `titleOf` names an item by its drag id.
 */
export function titledAnnouncements(titleOf: (id: DragId) => string) {
  const named = (id: DragId) => `"${titleOf(id)}"`;
  return {
    onDragStart: ({ active }: { active: { id: DragId } }) => `Picked up ${named(active.id)}.`,
    // dnd-kit reports the picked-up item as over its own place at once: that is still "picked up".
    onDragOver: ({ active, over }: { active: { id: DragId }; over: { id: DragId } | null }) =>
      !over
        ? `${named(active.id)} is not over a place in the list.`
        : over.id === active.id
          ? `Picked up ${named(active.id)}.`
          : `${named(active.id)} is over ${named(over.id)}.`,
    onDragEnd: ({ active, over }: { active: { id: DragId }; over: { id: DragId } | null }) =>
      over
        ? `${named(active.id)} was put down at ${named(over.id)}'s place.`
        : `${named(active.id)} was put down where it was.`,
    onDragCancel: ({ active }: { active: { id: DragId } }) => `Moving ${named(active.id)} was cancelled.`,
  };
}
