import { useStore } from '@nanostores/react';
import { Menu, MenuButton, MenuDivider, MenuItem, MenuRadioGroup } from '@szhsin/react-menu';
import { useState } from 'react';
import { useNavigate } from '@lifeboard/shared/lib/router';
import { $board, $boards } from '@lifeboard/shared/stores/board';
import { $session } from '@lifeboard/shared/stores/session';
import './menu.css';

/**
 * Switches the current board; the switch is verified by the server (spec §4), and every area follows `$board`.
 * A board other than the default offers to become the default: the board a sign-in or a reload opens.
 * A menu button (react-menu: arrow keys, typing a name, Escape, focus back to the button).
 */
export function BoardSwitcher() {
  const board = useStore($board);
  const boards = useStore($boards);
  const defaultId = useStore($session).user?.default_board_id ?? null;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function handleChange(id: number) {
    if (!id || id === board.id) return;
    setBusy(true);
    try {
      const { switchBoard } = await import('../board/board-actions');
      await switchBoard(id);
    } finally {
      setBusy(false);
    }
  }

  async function handleMakeDefault() {
    setBusy(true);
    try {
      const { chooseDefaultBoard } = await import('../board/board-actions');
      await chooseDefaultBoard(board);
    } finally {
      setBusy(false);
    }
  }

  const options = boards.some((item) => item.id === board.id) || !board.id ? boards : [...boards, board];
  const name = board.id ? board.name : 'No board';
  return (
    <div className="lb-board-switcher">
      <Menu
        portal
        menuClassName="lb-menu"
        align="start"
        menuButton={
          <MenuButton className="lb-menu-button lb-board-switcher__button" disabled={busy}>
            <span className="lb-board-switcher__label">Board</span>
            <span className="lb-board-switcher__name" data-testid="current-board">
              {name}
            </span>
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="lb-menu-button__caret">
              <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </MenuButton>
        }
      >
        <MenuRadioGroup value={board.id || 0} onRadioChange={(event) => void handleChange(Number(event.value))}>
          {options.map((item) => (
            <MenuItem key={item.id} type="radio" value={item.id} className="lb-menu__item">
              {item.name}
              {item.id === defaultId ? <span className="lb-menu__note">default</span> : null}
            </MenuItem>
          ))}
        </MenuRadioGroup>
        <MenuDivider className="lb-menu__divider" />
        {board.id && defaultId !== null && board.id !== defaultId ? (
          <MenuItem className="lb-menu__item" onClick={() => void handleMakeDefault()}>
            Make this my default board
          </MenuItem>
        ) : null}
        <MenuItem className="lb-menu__item" onClick={() => void navigate('/boards')}>
          Manage boards
        </MenuItem>
      </Menu>
    </div>
  );
}
