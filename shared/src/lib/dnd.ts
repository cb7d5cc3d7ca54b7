/**
 * Drag and drop (dnd-kit), cut to what the apps import, shared through Module Federation as this one module (like
 * ./router.ts): the kit's sortable list and the areas' own sortable screens then use the shell's one copy (≈ 13 kB
 * gzip), where an area importing the packages itself downloaded a second one beside the kit's. App code imports from
 * `@lifeboard/shared/lib/dnd`; the lint config forbids importing the packages directly. Add a name here when an app
 * needs it.
 */
export {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
export type { DragEndEvent } from '@dnd-kit/core';
export {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
export { CSS } from '@dnd-kit/utilities';
