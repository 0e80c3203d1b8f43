import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '@medrelay/ui';
import { screenOf } from './screen-of';

const item = (path: string, labelKey: string) => ({ path, labelKey, icon: () => null }) as SidebarItem;
const items = [
  item('/pharmacy/dashboard', 'nav.dashboard'),
  item('/pharmacy/medicines', 'nav.medicines'),
  item('/pharmacy/add-medicine', 'nav.addMedicine'),
  item('/pharmacy/requests', 'nav.requests'),
];

describe('the screen a path shows (the tab title names it)', () => {
  it('is the sidebar entry of the path, or of its closest parent; settings included', () => {
    expect(screenOf('/pharmacy/requests', 'pharmacy', items)?.labelKey).toBe('nav.requests');
    expect(screenOf('/pharmacy/requests/', 'pharmacy', items)?.labelKey).toBe('nav.requests');
    expect(screenOf('/pharmacy/medicines/12/edit', 'pharmacy', items)?.labelKey).toBe('nav.medicines');
    expect(screenOf('/pharmacy/settings', 'pharmacy', items)?.labelKey).toBe('common:nav.settings');
    // A prefix must end at a segment: /pharmacy/medicines-x is not My Medicines.
    expect(screenOf('/pharmacy/medicines-x', 'pharmacy', items)).toBeNull();
    expect(screenOf('/pharmacy/history', 'pharmacy', items)).toBeNull();
  });
});
