import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

/**
 * A GS1 DataMatrix as printed on a pack, drawn by bwip-js from its human-readable form
 * ("(01)…(17)…(10)…(21)…"), as a PNG on a white margin (a photo of the box).
 */
export async function gs1DataMatrixPng(hri: string): Promise<Buffer> {
  const symbol = await bwipjs.toBuffer({
    bcid: 'gs1datamatrix',
    text: hri,
    scale: 8,
    paddingwidth: 6,
    paddingheight: 6,
    backgroundcolor: 'FFFFFF',
  });
  return sharp(symbol)
    .flatten({ background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .png()
    .toBuffer();
}

/**
 * A video Chromium plays as its fake camera (`--use-file-for-fake-video-capture`): YUV4MPEG2,
 * raw I420 frames. The image is centred, grey on white; chroma is neutral (128).
 */
export async function writeY4m(image: Buffer, file: string, width = 640, height = 480, frames = 5) {
  const { data, info } = await sharp(image)
    .resize({ width: width - 80, height: height - 80, fit: 'contain', background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 1)
    throw new Error(`unexpected frame ${info.width}x${info.height}x${info.channels}`);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), data, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** The Chromium flags of a camera that films `image`, with the video written to a temporary file. */
export async function fakeCameraFilming(image: Buffer): Promise<string[]> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'medrelay-camera-')), 'pack.y4m');
  await writeY4m(image, file);
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
