/** Decoding downloaded PNGs (pngjs) and reading their pixels, for the export tests. */
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a predicate holds inside a box: how many pixels, and their bounding columns and rows. */
export interface Found {
  count: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export class DecodedPng {
  constructor(
    readonly width: number,
    readonly height: number,
    private readonly data: Buffer,
    /** The PNG file it was decoded from (to attach to a test's results). */
    readonly encoded: Buffer,
  ) {}

  /**
   * How `other` (same size) differs: how many pixels differ by more than `tolerance` in some
   * channel, the largest difference of any channel, and where the first few such pixels are.
   */
  differences(
    other: DecodedPng,
    tolerance = 0,
  ): { count: number; largest: number; first: Array<[number, number]> } {
    if (other.width !== this.width || other.height !== this.height) {
      throw new RangeError(`${other.width}×${other.height} is not ${this.width}×${this.height}`);
    }
    let count = 0;
    let largest = 0;
    const first: Array<[number, number]> = [];
    for (let i = 0; i < this.data.length; i += 4) {
      let d = 0;
      for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(this.data[i + c]! - other.data[i + c]!));
      largest = Math.max(largest, d);
      if (d <= tolerance) continue;
      count++;
      if (first.length < 5) first.push([(i / 4) % this.width, Math.floor(i / 4 / this.width)]);
    }
    return { count, largest, first };
  }

  pixel(x: number, y: number): Rgba {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) {
      throw new RangeError(`(${x}, ${y}) is outside the ${this.width}×${this.height} image`);
    }
    const i = (y * this.width + x) * 4;
    const d = this.data;
    return { r: d[i]!, g: d[i + 1]!, b: d[i + 2]!, a: d[i + 3]! };
  }

  /** The pixels of `box` (clipped to the image) for which `test` holds. */
  find(box: Box, test: (p: Rgba) => boolean): Found {
    const found: Found = {
      count: 0,
      minX: Infinity,
      maxX: -Infinity,
      minY: Infinity,
      maxY: -Infinity,
    };
    const x0 = Math.max(0, Math.floor(box.x));
    const y0 = Math.max(0, Math.floor(box.y));
    const x1 = Math.min(this.width, Math.ceil(box.x + box.width));
    const y1 = Math.min(this.height, Math.ceil(box.y + box.height));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (!test(this.pixel(x, y))) continue;
        found.count++;
        found.minX = Math.min(found.minX, x);
        found.maxX = Math.max(found.maxX, x);
        found.minY = Math.min(found.minY, y);
        found.maxY = Math.max(found.maxY, y);
      }
    }
    return found;
  }

  /** The whole image. */
  get bounds(): Box {
    return { x: 0, y: 0, width: this.width, height: this.height };
  }
}

export async function readPng(path: string): Promise<DecodedPng> {
  return decodePng(await readFile(path));
}

export function decodePng(bytes: Buffer): DecodedPng {
  const png = PNG.sync.read(bytes);
  return new DecodedPng(png.width, png.height, png.data, bytes);
}

/** #333, the wall where nothing is drawn. */
export const BACKGROUND: Rgba = { r: 51, g: 51, b: 51, a: 255 };
export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 255 };

export const isBackground = (p: Rgba) =>
  p.r === BACKGROUND.r && p.g === BACKGROUND.g && p.b === BACKGROUND.b && p.a === 255;
/** Clearly the gold of a caption, not its anti-aliased edge blended into #333. */
export const isGold = (p: Rgba) => p.r > 200 && p.g > 150 && p.b < 100;
