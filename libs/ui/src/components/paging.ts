/** How many pages a total needs (at least one, so "page 1 of 1" reads right when empty). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
