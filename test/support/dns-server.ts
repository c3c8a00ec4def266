/**
 * A tiny DNS server on loopback UDP for tests of lookups the scan makes outside HTTP (DNS-AID's
 * TXT record): it answers TXT questions for the names it is given and NXDOMAIN for any other,
 * in the RFC 1035 wire format (one question, answers as compressed pointers to it).
 */
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface RunningDnsServer {
  /** "127.0.0.1:PORT", for a resolver's setServers. */
  address: string;
  /** Names asked, lower case, in order. */
  asked: string[];
  close(): Promise<void>;
}

function questionName(message: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (offset < message.length && message[offset] !== 0) {
    const length = message[offset] as number;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5 };
}

function txtAnswer(text: string): Buffer {
  const chunks: Buffer[] = [];
  for (let start = 0; start < text.length || start === 0; start += 255) {
    const piece = Buffer.from(text.slice(start, start + 255), 'utf8');
    chunks.push(Buffer.from([piece.length]), piece);
    if (text.length === 0) break;
  }
  const data = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // pointer to the question's name
  head.writeUInt16BE(16, 2); // TXT
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6); // TTL
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

function answer(query: Buffer, records: readonly string[] | undefined): Buffer {
  const { end } = questionName(query);
  const header = Buffer.from(query.subarray(0, 12));
  // QR, opcode 0, RD copied, RA; rcode 3 (NXDOMAIN) when the name is unknown.
  header.writeUInt16BE(0x8180 | (records === undefined ? 3 : 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records?.length ?? 0, 6);
  header.writeUInt16BE(0, 8);
  header.writeUInt16BE(0, 10);
  return Buffer.concat([header, query.subarray(12, end), ...(records ?? []).map(txtAnswer)]);
}

/** Starts a server answering TXT for `zone` (name -> records). */
export async function startDnsServer(
  zone: Record<string, readonly string[]>,
): Promise<RunningDnsServer> {
  const socket: Socket = createSocket('udp4');
  const asked: string[] = [];
  socket.on('message', (query, peer) => {
    const { name } = questionName(query);
    asked.push(name);
    socket.send(answer(query, zone[name]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
