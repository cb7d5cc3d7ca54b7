import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { start } from 'single-spa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The shell's router and an area's router are two BrowserRouters on one history. single-spa's patch makes
 * pushState/replaceState fire popstate, so whichever router navigates, the other follows (bootstrap.tsx).
 */
function Probe({ id }: { id: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <output data-testid={`${id}-path`}>{location.pathname}</output>
      <button type="button" data-testid={`${id}-go`} onClick={() => void navigate(`/${id}-went`)}>
        go
      </button>
      <Routes>
        <Route path="/journal" element={<p data-testid={`${id}-journal`}>journal</p>} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent;

function click(testId: string) {
  const button = document.querySelector(`[data-testid="${testId}"]`);
  if (!(button instanceof HTMLButtonElement)) throw new Error(`no button ${testId}`);
  button.click();
}

async function settle() {
  // single-spa hands popstate to the routers after its reroute, a few microtasks later.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

beforeAll(async () => {
  window.history.replaceState(null, '', '/home');
  start({ urlRerouteOnly: true });
  for (const id of ['shell', 'area']) {
    const element = document.createElement('div');
    document.body.append(element);
    const root = createRoot(element);
    roots.push(root);
    await act(async () =>
      root.render(
        <BrowserRouter>
          <Probe id={id} />
        </BrowserRouter>,
      ),
    );
  }
});

afterAll(() => {
  for (const root of roots) act(() => root.unmount());
});

describe('two routers on one history (single-spa patch)', () => {
  it('an area follows the shell’s navigation, and the shell follows the area’s', async () => {
    await act(async () => click('shell-go'));
    await settle();
    expect(text('shell-path')).toBe('/shell-went');
    expect(text('area-path')).toBe('/shell-went');

    await act(async () => click('area-go'));
    await settle();
    expect(text('area-path')).toBe('/area-went');
    expect(text('shell-path')).toBe('/area-went');
  });

  it('follows a pushState made by anyone, and back/forward', async () => {
    await act(async () => window.history.pushState(null, '', '/journal'));
    await settle();
    expect(text('shell-journal')).toBe('journal');
    expect(text('area-journal')).toBe('journal');

    await act(async () => window.history.back());
    await settle();
    await settle();
    expect(text('shell-path')).toBe('/area-went');
    expect(text('area-path')).toBe('/area-went');
  });
});
