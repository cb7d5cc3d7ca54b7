import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { createResource } from '@lifeboard/shared/api/resource';
import { saveCheckIn } from '@lifeboard/shared/api/habits';
import { useDebounced } from '@lifeboard/shared/lib/use-debounced';
import { useNavigate } from '@lifeboard/shared/lib/router';
import { traitsOf } from '@lifeboard/shared/models/traits';
import { $board } from '@lifeboard/shared/stores/board';
import { $habitCheckInsSaved } from '@lifeboard/shared/stores/habits';
import { notify } from '@lifeboard/shared/stores/notifications';
import { $isAdmin } from '@lifeboard/shared/stores/session';
import { Dialog } from '@lifeboard/shared/ui/Dialog';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { actionItems, rank, screenItems, searchedModels } from './palette-items';
import type { PaletteItem } from './palette-items';
import './palette.css';

const perKind = 4;

/** Asks the API's search (each model's `all` with `search`) for records whose words match, a few of each kind. */
async function searchRecords(board: number, query: string): Promise<PaletteItem[]> {
  const pages = await Promise.all(
    searchedModels.map(async ({ model, open }) => {
      const result = await createResource(model).all(board, { search: query, limit: perKind });
      if (!result.ok) return [];
      const traits = traitsOf(model);
      return result.data.items.map((record): PaletteItem => {
        const title = record[traits?.titleField ?? 'title'];
        return {
          id: `record:${model}:${record.id}`,
          kind: 'record',
          label: typeof title === 'string' && title.trim() ? title : `Untitled ${traits?.label.toLowerCase() ?? ''}`,
          hint: traits?.label,
          to: open(record.id),
          ...(model === 'habit' ? { habitId: record.id } : {}),
        };
      });
    }),
  );
  return pages.flat();
}

const groupNames: Record<PaletteItem['kind'], string> = { action: 'Actions', screen: 'Screens', record: 'Records' };

/**
 * Ctrl/⌘-K: finds screens (the route table), records (the API's search) and runs common actions, by keyboard
 * alone: type, ↑/↓ to move, Enter to choose, Escape to close (focus goes back where it was, as in every dialog).
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const board = useStore($board);
  const isAdmin = useStore($isAdmin);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [records, setRecords] = useState<{ query: string; items: PaletteItem[] }>({ query: '', items: [] });
  const [searching, setSearching] = useState(false);
  const searched = useDebounced(query.trim(), 200);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const screens = useMemo(() => screenItems(isAdmin), [isAdmin]);

  useEffect(() => {
    if (searched.length < 2 || !board.id) {
      setRecords({ query: searched, items: [] });
      return undefined;
    }
    let current = true;
    setSearching(true);
    void searchRecords(board.id, searched).then((items) => {
      if (!current) return;
      setRecords({ query: searched, items });
      setSearching(false);
    });
    return () => {
      current = false;
    };
  }, [searched, board.id]);

  const trimmed = query.trim();
  const habitCheckIns: PaletteItem[] =
    records.query === trimmed
      ? records.items
          .filter((item) => item.habitId !== undefined)
          .map((item) => ({
            id: `action:check-in:${item.habitId}`,
            kind: 'action',
            label: `Check in “${item.label}” today`,
            habitId: item.habitId,
          }))
      : [];
  const items: PaletteItem[] = trimmed
    ? [
        ...habitCheckIns,
        ...rank(actionItems, trimmed, 4),
        ...rank(screens, trimmed, 8),
        ...(records.query === trimmed ? records.items : []),
      ]
    : [
        ...actionItems,
        ...screens.filter((item) => ['/home', '/journal', '/habits', '/calendar'].includes(item.to ?? '')),
      ];
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));

  async function choose(item: PaletteItem) {
    onClose();
    if (item.kind === 'action' && item.habitId !== undefined && !item.to) {
      const error = await saveCheckIn(board.id, item.habitId, localDate(), 'yes');
      if (error) notify({ kind: 'error', message: `The check-in was not saved: ${error}` });
      else {
        $habitCheckInsSaved.set($habitCheckInsSaved.get() + 1);
        notify({
          kind: 'success',
          message: `${item.label.replace(/^Check in /, 'Checked in ').replace(/ today$/, '')} for today.`,
        });
      }
      return;
    }
    if (item.to) void navigate(item.to);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + items.length) % items.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      setActive(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[activeIndex];
      if (item) void choose(item);
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Dialog open title="Search and commands" onClose={onClose} className="lb-palette">
      <input
        ref={input}
        className="lb-palette__input"
        type="text"
        role="combobox"
        aria-label="Search screens, records and actions"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length ? optionId(activeIndex) : undefined}
        placeholder="Search screens, records and actions…"
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={handleKeyDown}
      />
      <ul className="lb-palette__list" id={listId} role="listbox" aria-label="Results">
        {items.map((item, index) => {
          return (
            <li
              key={item.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'lb-palette__item is-active' : 'lb-palette__item'}
              onMouseMove={() => setActive(index)}
              onClick={() => void choose(item)}
            >
              <span className="lb-palette__label">{item.label}</span>
              <span className="lb-visually-hidden">, </span>
              <span className="lb-palette__hint">{item.hint ?? groupNames[item.kind].replace(/s$/, '')}</span>
            </li>
          );
        })}
      </ul>
      <p className="lb-palette__status" role="status">
        {items.length === 0 && !searching
          ? trimmed
            ? `Nothing found for “${trimmed}”.`
            : ''
          : searching
            ? 'Searching your records…'
            : `${items.length} results. Use the arrow keys and Enter.`}
      </p>
    </Dialog>
  );
}
