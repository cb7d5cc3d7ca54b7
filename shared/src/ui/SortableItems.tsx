import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
  CSS,
  type DragEndEvent,
} from '../lib/dnd';
import { measureBeforeDragging, titledAnnouncements } from '../lib/sortable-announcements';
import type { ReactNode } from 'react';
import './sortable.css';

function Row({
  id,
  label,
  className,
  attributes: extra,
  children,
}: {
  id: string;
  label: string;
  className: string;
  attributes?: Record<string, string> | undefined;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      className={className}
      data-dragging={isDragging || undefined}
      {...extra}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="lb-button lb-button--small lb-sortable__handle"
        aria-label={`Drag ${label} to reorder`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      {children}
    </li>
  );
}

interface SortableItemsProps {
  ids: string[];
  /** Each item's name, for its handle and for what a screen reader hears while it moves. */
  labels: string[];
  onMove: (from: number, to: number) => void;
  render: (index: number) => ReactNode;
  /** The list's accessible name, and classes of the list and of each item (default: a stack of rows). */
  listLabel?: string;
  listClassName?: string;
  itemClassName?: string;
  /** Extra attributes of an item's element (e.g. `data-*` that tests find it by). */
  itemAttributes?: (index: number) => Record<string, string>;
}

/**
 * A list reordered by dragging a row's handle (dnd-kit; the handle also moves with Space and the arrow keys).
 * Loaded only with the screens that reorder (their `lazy-dnd` chunk).
 */
export default function SortableItems({
  ids,
  labels,
  onMove,
  render,
  listLabel,
  listClassName = 'lb-stack',
  itemClassName = 'lb-row',
  itemAttributes,
}: SortableItemsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      measuring={measureBeforeDragging}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: titledAnnouncements((id) => labels[ids.indexOf(String(id))] ?? ''),
        screenReaderInstructions: {
          draggable:
            'To reorder, press space to pick an item up, the arrow keys to move it, and space again to put it down.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={listClassName} aria-label={listLabel}>
          {ids.map((id, index) => (
            <Row key={id} id={id} label={labels[index]} className={itemClassName} attributes={itemAttributes?.(index)}>
              {render(index)}
            </Row>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

export { arrayMove };
