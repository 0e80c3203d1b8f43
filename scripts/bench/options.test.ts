import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from './options';

describe('npm run bench options', () => {
  it('runs the quick benchmark by default and the scale one with --scale', () => {
    expect(parseBenchOptions([])).toMatchObject({
      scale: null,
      scanScale: null,
      rate: 500,
      openSeconds: 10,
      warmSeconds: 10,
      writesPerSecond: 5,
      bundles: true,
    });
    expect(parseBenchOptions(['--warm-seconds', '0'])).toMatchObject({ warmSeconds: 0 });
    expect(parseBenchOptions([])).toMatchObject({ exportScale: null });
    expect(parseBenchOptions(['--export-scale', '400000'])).toMatchObject({
      exportScale: 400_000,
      scale: null,
    });
    expect(
      parseBenchOptions(['--scale', '100000', '--scan-scale=1000000', '--rate', '300', '--no-bundles'], {
        BENCH_SECONDS: '3',
      }),
    ).toMatchObject({ scale: 100_000, scanScale: 1_000_000, rate: 300, bundles: false, seconds: 3 });
  });

  it('refuses unknown options, bad numbers and a scan scale below the scale', () => {
    expect(() => parseBenchOptions(['--fast'])).toThrow(/Unknown option --fast/);
    expect(() => parseBenchOptions(['--scale', '1e5'])).toThrow(/whole number from 100/);
    expect(() => parseBenchOptions(['--scale'])).toThrow(/got nothing/);
    expect(() => parseBenchOptions(['--scan-scale', '1000'])).toThrow(/needs --scale/);
    expect(() => parseBenchOptions(['--scale', '5000', '--scan-scale', '1000'])).toThrow(/at least as many/);
  });
});
