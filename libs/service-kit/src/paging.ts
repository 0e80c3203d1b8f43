import type { Response } from 'express';

/**
 * Answers one page of a list: the items as the JSON array, the size of the whole list in
 * X-Total-Count (exposed to browsers on other origins). Other exposed headers are kept.
 */
export function sendPage<T>(res: Response, page: { items: T[]; total: number }): void {
  res.set('X-Total-Count', String(page.total));
  const exposed = res.get('Access-Control-Expose-Headers');
  res.set('Access-Control-Expose-Headers', exposed ? `${exposed}, X-Total-Count` : 'X-Total-Count');
  res.json(page.items);
}
