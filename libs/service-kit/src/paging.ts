import type { Response } from 'express';

/** What a page of a list says about the whole list. */
export interface PageTotal {
  total: number;
  /** Set for lists that may estimate a large size instead of counting it. */
  estimated?: boolean;
}

/**
 * The size of the whole list in X-Total-Count and, for lists that may estimate it,
 * X-Total-Is-Estimate (both exposed to browsers on other origins). Other exposed headers are kept.
 */
export function setPageHeaders(res: Response, page: PageTotal): void {
  const headers = ['X-Total-Count'];
  res.set('X-Total-Count', String(page.total));
  if (page.estimated !== undefined) {
    res.set('X-Total-Is-Estimate', String(page.estimated));
    headers.push('X-Total-Is-Estimate');
  }
  const exposed = res.get('Access-Control-Expose-Headers');
  res.set('Access-Control-Expose-Headers', [exposed, ...headers].filter(Boolean).join(', '));
}

/**
 * Answers one page of a list: the items as the JSON array, the list's size in the headers. A
 * keyset page (Export Data's `after`) has no total, so no X-Total-Count.
 */
export function sendPage<T>(res: Response, page: { items: T[] } & Partial<PageTotal>): void {
  if (page.total !== undefined) setPageHeaders(res, { total: page.total, estimated: page.estimated });
  res.json(page.items);
}
