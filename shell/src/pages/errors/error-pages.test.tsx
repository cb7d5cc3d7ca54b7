import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import NotAllowed from './NotAllowed';
import NotFound from './NotFound';

afterEach(cleanup);

describe('error pages', () => {
  it('not found names the address and links back', () => {
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <NotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start page' }).getAttribute('href')).toBe('/');
  });

  it('not allowed sends a non-admin home', () => {
    render(
      <MemoryRouter>
        <NotAllowed />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('not-allowed').textContent).toMatch(/for administrators/);
    expect(screen.getByRole('link', { name: /home page/i }).getAttribute('href')).toBe('/home');
  });
});
