import { useStore } from '@nanostores/react';
import { Menu, MenuButton, MenuDivider, MenuHeader, MenuItem, MenuRadioGroup } from '@szhsin/react-menu';
import { useNavigate } from '@lifeboard/shared/lib/router';
import { $session } from '@lifeboard/shared/stores/session';
import { $theme, themeChoices } from '@lifeboard/shared/stores/theme';
import './menu.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 1);
  return letters.toUpperCase();
}

/** The header's account menu: who is signed in, the account's pages, the theme (remembered) and signing out. */
export function AccountMenu() {
  const user = useStore($session).user;
  const theme = useStore($theme);
  const navigate = useNavigate();
  const name = user?.name || user?.email || 'Account';

  async function handleSignOut() {
    const { logout } = await import('../auth/session-actions');
    await logout();
    void navigate('/login');
  }

  return (
    <Menu
      portal
      menuClassName="lb-menu"
      align="end"
      menuButton={
        <MenuButton className="lb-menu-button lb-account-button">
          {/* The initials are drawn by CSS (not text), so the button's visible words are its name's. */}
          <span className="lb-avatar" aria-hidden="true" data-initials={initials(name)} />
          <span className="lb-visually-hidden">Account menu: </span>
          <span className="lb-account-button__name">{name}</span>
        </MenuButton>
      }
    >
      <MenuHeader className="lb-menu__header">
        {user?.name ? <strong>{user.name}</strong> : null}
        {user?.email ? <span>{user.email}</span> : null}
      </MenuHeader>
      <MenuItem className="lb-menu__item" onClick={() => void navigate('/account')}>
        Account
      </MenuItem>
      <MenuItem className="lb-menu__item" onClick={() => void navigate('/security')}>
        Security
      </MenuItem>
      <MenuItem className="lb-menu__item" onClick={() => void navigate('/data')}>
        Your data
      </MenuItem>
      <MenuDivider className="lb-menu__divider" />
      <MenuHeader className="lb-menu__header">Theme</MenuHeader>
      <MenuRadioGroup
        value={theme}
        aria-label="Theme"
        onRadioChange={(event) => {
          // Keep the menu open so the change can be seen and taken back.
          event.keepOpen = true;
          const chosen = themeChoices.find((choice) => choice.value === event.value);
          if (chosen) $theme.set(chosen.value);
        }}
      >
        {themeChoices.map((choice) => (
          <MenuItem key={choice.value} type="radio" value={choice.value} className="lb-menu__item">
            {choice.label}
          </MenuItem>
        ))}
      </MenuRadioGroup>
      <MenuDivider className="lb-menu__divider" />
      <MenuItem className="lb-menu__item" onClick={() => void handleSignOut()}>
        Sign out
      </MenuItem>
    </Menu>
  );
}
