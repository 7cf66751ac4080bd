/**
 * Reads WebSocket frame headers (RFC 6455 section 5.2) off the raw client stream so the local gateway can
 * refuse frames larger than API Gateway accepts (32 KB), which the `ws` library does not expose.
 */
export class FrameInspector {
  private header = Buffer.alloc(0);
  private remainingPayload = 0;

  constructor(
    private readonly maxFrameBytes: number,
    private readonly onOversized: (size: number) => void,
  ) {}

  push(chunk: Buffer) {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.remainingPayload > 0) {
        const take = Math.min(this.remainingPayload, chunk.length - offset);
        this.remainingPayload -= take;
        offset += take;
        continue;
      }
      const alreadyBuffered = this.header.length;
      this.header = Buffer.concat([this.header, chunk.subarray(offset)]);
      const parsed = this.parseHeader();
      // A header split across chunks (at most 14 bytes) waits for the next chunk.
      if (!parsed) return;
      offset += parsed.headerLength - alreadyBuffered;
      this.header = Buffer.alloc(0);
      if (parsed.payloadLength > this.maxFrameBytes) {
        this.onOversized(parsed.payloadLength);
        return;
      }
      this.remainingPayload = parsed.payloadLength;
    }
  }

  private parseHeader(): { headerLength: number; payloadLength: number } | null {
    const h = this.header;
    if (h.length < 2) return null;
    const masked = (h[1]! & 0x80) !== 0;
    let length = h[1]! & 0x7f;
    let headerLength = 2;
    if (length === 126) {
      if (h.length < 4) return null;
      length = h.readUInt16BE(2);
      headerLength = 4;
    } else if (length === 127) {
      if (h.length < 10) return null;
      length = Number(h.readBigUInt64BE(2));
      headerLength = 10;
    }
    if (masked) headerLength += 4;
    if (h.length < headerLength) return null;
    return { headerLength, payloadLength: length };
  }
}
