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
const detector = new BarcodeDetector({ formats: ['data_matrix', 'qr_code', 'code_128'] });

/** The text of the first code in an image, a video frame or a photo file, or null when none is found. */
export async function decodeOnce(source: HTMLVideoElement | Blob | ImageBitmap): Promise<string | null> {
  const found = await detector.detect(source);
  return found.find((code) => code.rawValue)?.rawValue ?? null;
}
