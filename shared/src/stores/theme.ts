import { atom, onSet } from 'nanostores';
import { readStored, storageKeyPrefix, writeStored } from './persistent';

/** The person's choice in the account menu: follow the system, or always light, or always dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const themeChoices: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export const themeStorageKey = `${storageKeyPrefix}theme`;

function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** Marks <html> so tokens.css picks the colours; "system" leaves it to prefers-color-scheme. */
function apply(choice: ThemeChoice): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export const $theme = atom<ThemeChoice>(readStored(themeStorageKey, isThemeChoice) ?? 'system');
apply($theme.get());

onSet($theme, ({ newValue }) => {
  writeStored(themeStorageKey, newValue === 'system' ? undefined : newValue);
  apply(newValue);
});

// Another tab chose a theme: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== themeStorageKey) return;
    $theme.set(readStored(themeStorageKey, isThemeChoice) ?? 'system');
  });
}
