/**
 * The extension's PNG icons, drawn at build time (the store needs PNGs, and a generated one keeps
 * binary files out of the repo): a blue rounded square with three rising white bars.
 */
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function pixelAt(x: number, y: number, size: number): [number, number, number, number] {
  const u = (x + 0.5) / size;
  const v = (y + 0.5) / size;
  const radius = 0.2;
  const cx = Math.min(Math.max(u, radius), 1 - radius);
  const cy = Math.min(Math.max(v, radius), 1 - radius);
  if ((u - cx) ** 2 + (v - cy) ** 2 > radius ** 2) return [0, 0, 0, 0];
  const bars = [
    { left: 0.2, right: 0.34, top: 0.58 },
    { left: 0.43, right: 0.57, top: 0.4 },
    { left: 0.66, right: 0.8, top: 0.22 },
  ];
  const inBar = bars.some((bar) => u >= bar.left && u <= bar.right && v >= bar.top && v <= 0.8);
  return inBar ? [255, 255, 255, 255] : [11, 92, 213, 255];
}

export function iconPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // RGBA
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x += 1) rows.push(...pixelAt(x, y, size));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
