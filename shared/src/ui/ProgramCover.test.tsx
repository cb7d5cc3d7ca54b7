import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setConfig } from '../stores/config';
import { ProgramCover, coverAlt } from './ProgramCover';

beforeEach(() => setConfig({ apiUrl: 'https://api.example.test' }));
afterEach(cleanup);

const id = 'AbCdEfGhIjKlMnOpQrStUv';

describe('ProgramCover', () => {
  it("shows the uploaded image from the API, named by the program's title", () => {
    render(<ProgramCover cover={id} title="Morning reset" />);
    const image = screen.getByRole('img', { name: 'Cover of “Morning reset”' });
    expect(image.getAttribute('src')).toBe(`https://api.example.test/api/uploads/${id}`);
    expect(image.getAttribute('loading')).toBe('lazy');
    // Its room is kept before it arrives (16:9), so the card does not jump.
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['320', '180']);
  });

  it("reads the creator's description when there is one, and the title when it is blank", () => {
    render(<ProgramCover cover={id} title="Morning reset" alt="A sunrise over a quiet lake" size="page" />);
    expect(screen.getByRole('img', { name: 'A sunrise over a quiet lake' }).getAttribute('loading')).toBe('eager');
    expect(coverAlt('Morning reset', '   ')).toBe('Cover of “Morning reset”');
  });

  it('shows nothing for a program without a cover', () => {
    const { container } = render(
      <>
        <ProgramCover cover={null} title="Plain" />
        <ProgramCover cover="" title="Plain" />
        <ProgramCover cover={undefined} title="Plain" />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('takes an image that cannot load away instead of showing it broken, and shows a new cover again', () => {
    const { container, rerender } = render(<ProgramCover cover={id} title="Morning reset" />);
    fireEvent.error(screen.getByRole('img'));
    expect(container.querySelector('img')).toBeNull();
    rerender(<ProgramCover cover="ZZCdEfGhIjKlMnOpQrStUv" title="Morning reset" />);
    expect(screen.getByRole('img').getAttribute('src')).toBe(
      'https://api.example.test/api/uploads/ZZCdEfGhIjKlMnOpQrStUv',
    );
  });
});
