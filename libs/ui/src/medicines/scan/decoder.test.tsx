// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BarcodeDetector } from 'barcode-detector/ponyfill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeOnce } from './decoder';

// The real ZXing WebAssembly, handed over as a data: URL (the build serves it as our own file).
vi.mock('zxing-wasm/reader/zxing_reader.wasm', () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  return { default: `data:application/wasm;base64,${wasm.toString('base64')}` };
});

afterEach(() => vi.restoreAllMocks());

// EAN-13 / EAN-8 drawn by hand (GS1 General Specifications 5.2): no image library in the test.
const L = '0001101 0011001 0010011 0111101 0100011 0110001 0101111 0111011 0110111 0001011'.split(' ');
const invert = (code: string) => code.replace(/./g, (bit) => (bit === '1' ? '0' : '1'));
const R = L.map(invert);
const G = R.map((code) => [...code].reverse().join(''));
const parity = 'LLLLLL LLGLGG LLGGLG LLGGGL LGLLGG LGGLLG LGGGLL LGLGLG LGLGGL LGGLGL'.split(' ');

function eanModules(digits: string): string {
  const d = [...digits].map(Number);
  const half = d.length === 8 ? 4 : 7;
  // EAN-13's first digit is the parity pattern of its left half; EAN-8's left half is all L.
  const left = d
    .slice(d.length === 8 ? 0 : 1, half)
    .map((n, i) => (parity[d[0]!]![i] === 'G' && half === 7 ? G[n] : L[n]));
  const right = d.slice(half).map((n) => R[n]);
  return `101${left.join('')}01010${right.join('')}101`;
}

/** The barcode as a camera frame: 3 px a module, a white quiet zone, 80 px tall. */
function frame(digits: string): ImageData {
  const modules = `${'0'.repeat(12)}${eanModules(digits)}${'0'.repeat(12)}`;
  const scale = 3;
  const width = modules.length * scale;
  const height = 80;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (modules[Math.floor(x / scale)] === '1') data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return new ImageData(data, width, height);
}

describe('the camera and photo decoder', () => {
  it.each([
    ['an EAN-13 (a box with no DataMatrix)', '6221234567891'],
    ['an EAN-8', '96385074'],
  ])('reads %s', async (_, digits) => {
    expect(await decodeOnce(frame(digits) as unknown as Blob)).toBe(digits);
  });

  it('prefers the DataMatrix when a frame holds both: it carries batch, serial and expiry too', async () => {
    vi.spyOn(BarcodeDetector.prototype, 'detect').mockResolvedValue([
      { format: 'ean_13', rawValue: '6221234567891' },
      { format: 'data_matrix', rawValue: ']d20106221234567891172712311\u001d0B1' },
    ] as Awaited<ReturnType<BarcodeDetector['detect']>>);
    expect(await decodeOnce(new Blob())).toBe(']d20106221234567891172712311\u001d0B1');
  });
});
