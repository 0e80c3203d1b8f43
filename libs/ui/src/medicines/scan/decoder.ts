// The camera / photo decoder, loaded only when a user scans: the BarcodeDetector
// ponyfill over ZXing-C++ WebAssembly. Its .wasm is a file of our own build (webpack
// asset/resource), never the CDN the library defaults to: the CSP allows only 'self'.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

// DataMatrix is what Egyptian packs carry; GS1-128 and GS1 QR hold the same element strings.
const elementStrings = ['data_matrix', 'qr_code', 'code_128'] as const;
// A box without one still has its retail barcode: the GTIN alone (libs/domain readGs1).
const productCodes = ['ean_13', 'ean_8', 'upc_a'] as const;
const detector = new BarcodeDetector({ formats: [...elementStrings, ...productCodes] });

/**
 * The text of a code in an image, a video frame or a photo file, or null when none is found. A
 * DataMatrix (or other element string) beside the box's barcode wins: it also carries the
 * batch, serial and expiry.
 */
export async function decodeOnce(source: HTMLVideoElement | Blob | ImageBitmap): Promise<string | null> {
  const found = (await detector.detect(source)).filter((code) => code.rawValue);
  const full = found.find((code) => (elementStrings as readonly string[]).includes(code.format));
  return (full ?? found[0])?.rawValue ?? null;
}
