/**
 * `/favicon.ico` (issue 36 point 7): the service's logo (json-ld.ts `logoSvg`: a white check on
 * green) as a 16 x 16 icon, drawn here pixel by pixel into the ICO format's one uncompressed
 * bitmap, so browsers asking for it by default get an icon rather than a 404.
 */

const SIZE = 16;
const GREEN = [0x2d, 0x6b, 0x0a]; // #0a6b2d as blue, green, red
const WHITE = [0xff, 0xff, 0xff];

/** The check mark: the two strokes of the logo's path, scaled from 64 to 16 pixels. */
function onCheck(x: number, y: number): boolean {
  const distance = (ax: number, ay: number, bx: number, by: number) => {
    const length = Math.hypot(bx - ax, by - ay);
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length ** 2));
    return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
  };
  return distance(4, 8.5, 6.5, 11) < 1 || distance(6.5, 11, 12, 5) < 1;
}

/** The icon file: ICONDIR, one ICONDIRENTRY, then a 32-bit bitmap with its AND mask. */
export function faviconIco(): Buffer {
  const pixels = Buffer.alloc(SIZE * SIZE * 4);
  for (let row = 0; row < SIZE; row += 1) {
    // Bitmap rows run bottom-up.
    const y = SIZE - 1 - row;
    for (let x = 0; x < SIZE; x += 1) {
      const [b, g, r] = onCheck(x + 0.5, y + 0.5) ? WHITE : GREEN;
      pixels.set([b ?? 0, g ?? 0, r ?? 0, 0xff], (row * SIZE + x) * 4);
    }
  }
  const mask = Buffer.alloc(SIZE * 4); // every pixel opaque: all mask bits 0, rows of 4 bytes
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(SIZE, 4);
  info.writeInt32LE(SIZE * 2, 8); // colour bitmap and mask, stacked
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  info.writeUInt32LE(pixels.length + mask.length, 20);
  const image = Buffer.concat([info, pixels, mask]);
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(SIZE, 6);
  header.writeUInt8(SIZE, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, image]);
}
