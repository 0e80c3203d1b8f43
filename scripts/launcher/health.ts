/** Waits until `url` answers 2xx, or the process behind it exits, or time runs out. */
export async function waitUntilReady(
  url: string,
  exited: Promise<unknown>,
  what: string,
  timeoutMs = 60_000,
) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${what} exited during start (see its log above)`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not become ready at ${url}`);
}
