/** Polls `check` until it returns true (works in hooks too, unlike expect.poll). */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  {
    timeoutMs = 10_000,
    intervalMs = 50,
    what = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
