import { describe, expect, it } from 'vitest';
import { FrameInspector } from '../local/frame-inspector';

/** A masked client frame with the given payload length (payload bytes are zeros). */
const frame = (length: number) => {
  let header: Buffer;
  if (length < 126) header = Buffer.from([0x81, 0x80 | length]);
  else if (length < 65536) {
    header = Buffer.alloc(4);
    header[0] = 0x81;
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, Buffer.alloc(4), Buffer.alloc(length)]);
};

const inspect = (chunks: Buffer[], max = 32 * 1024) => {
  const oversized: number[] = [];
  const inspector = new FrameInspector(max, (size) => oversized.push(size));
  for (const chunk of chunks) inspector.push(chunk);
  return oversized;
};

describe('FrameInspector', () => {
  it('accepts frames up to the limit, whatever the chunking', () => {
    const stream = Buffer.concat([frame(10), frame(32 * 1024), frame(200)]);
    expect(inspect([stream])).toEqual([]);
    const bytes = [...stream].map((byte) => Buffer.from([byte]));
    expect(inspect(bytes)).toEqual([]);
  });

  it('reports a frame over the limit even when its header is split across chunks', () => {
    const big = frame(32 * 1024 + 1);
    expect(inspect([frame(5), big.subarray(0, 3), big.subarray(3)])).toEqual([32 * 1024 + 1]);
  });

  it('reads 64-bit lengths', () => {
    expect(inspect([frame(70_000).subarray(0, 20)])).toEqual([70_000]);
  });
});
