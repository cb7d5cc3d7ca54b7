/**
 * The document `param` names in the browser's address while it shows the screen at `pathname`, else null.
 * An editor saves on blur and when it closes, and the board can change at any moment (the session check after a
 * load, another tab), so a screen's answer to those (the new id into the address, back to the list, closing what
 * is open) can come after the user clicked another link. It must then leave the address alone, or it takes the
 * user back: `setSearchParams` navigates relative to the screen's own route. The browser's address is read, not
 * the render's: a click has changed it before the routers re-render.
 */
export function openInAddress(pathname: string, param: string): string | null {
  const { location } = window;
  return location.pathname === pathname ? new URLSearchParams(location.search).get(param) : null;
}

/** Whether the browser still shows the document `param=value` of the screen at `pathname`. */
export function stillOpen(pathname: string, param: string, value: string): boolean {
  return openInAddress(pathname, param) === value;
}
