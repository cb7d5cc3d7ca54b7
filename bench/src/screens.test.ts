import { describe, expect, it } from 'vitest';
import { routeTable } from '../../shell/src/routes/route-table';
import { screens } from './screens';

describe('the screens the bench visits', () => {
  it('are routes of the shell, each served by the area the bench waits for', () => {
    for (const screen of screens) {
      expect(routeTable.find((route) => route.path === screen.path)?.area, screen.path).toBe(screen.area);
    }
  });
});
