import type { ChangeFeed, FeedChange } from '@medrelay/service-kit';
import { describe, expect, it } from 'vitest';
import { keptBrowsingCallers } from './kept-browsing-callers';

/** A feed driven by the test: what it hears, and whether it is listening. */
function testFeed() {
  const listeners = new Set<(change: FeedChange, version: number) => void>();
  let version = 0;
  let listening = true;
  const feed: ChangeFeed = {
    get version() {
      return listening ? version : null;
    },
    bump: () => hear('bump'),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
  function hear(change: FeedChange) {
    version++;
    for (const listener of listeners) listener(change, version);
  }
  return { feed, hear, setListening: (on: boolean) => (listening = on) };
}

const cairo = { point: { lat: 30.04, lng: 31.24 }, receivesDonations: true };
const aswan = { point: { lat: 24.09, lng: 32.9 }, receivesDonations: false };
const nowhere = { point: null, receivesDonations: true };

function pointsOver(feed: ChangeFeed, answers: Record<number, typeof cairo>) {
  const loads: number[] = [];
  const pointOf = keptBrowsingCallers(feed, async (userId) => {
    loads.push(userId);
    return answers[userId] ?? nowhere;
  });
  return { pointOf, loads };
}

describe('kept browsing callers', () => {
  it("reads a caller once, through listing notices and this instance's listing writes", async () => {
    const { feed, hear } = testFeed();
    const { pointOf, loads } = pointsOver(feed, { 1: cairo });
    expect(await pointOf(1)).toEqual(cairo);
    expect(await pointOf(2)).toEqual(nowhere);
    hear({ notice: 'm:5,6' });
    hear('bump');
    hear({ notice: 'sync:abc:1' });
    expect(await pointOf(1)).toEqual(cairo);
    expect(await pointOf(2)).toEqual(nowhere);
    expect(loads).toEqual([1, 2]);
  });

  it('reads again after a change that may concern users, or a lost connection', async () => {
    const { feed, hear } = testFeed();
    const answers: Record<number, typeof cairo> = { 1: cairo };
    const { pointOf, loads } = pointsOver(feed, answers);
    await pointOf(1);
    answers[1] = aswan;
    hear({ notice: '*' });
    expect(await pointOf(1)).toEqual(aswan);
    hear('lost');
    await pointOf(1);
    expect(loads).toEqual([1, 1, 1]);
  });

  it('keeps nothing while the feed is not listening, nor a caller read across a change', async () => {
    const { feed, hear, setListening } = testFeed();
    let pointOf: (userId: number) => Promise<unknown> = async () => null;
    const loads: number[] = [];
    pointOf = keptBrowsingCallers(feed, async (userId) => {
      loads.push(userId);
      // A user's change heard while their point is being read.
      if (loads.length === 1) hear({ notice: '*' });
      return cairo;
    });
    await pointOf(1);
    await pointOf(1);
    expect(loads).toEqual([1, 1]);
    setListening(false);
    await pointOf(2);
    await pointOf(2);
    expect(loads).toEqual([1, 1, 2, 2]);
  });
});
