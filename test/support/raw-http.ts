/** Raw HTTP/1.x over a TCP socket: what a fuzzer or an old client sends, byte for byte. */
import { connect } from 'node:net';

export interface RawReply {
  status: number;
  /** The status line and header fields, lowercased. */
  head: string;
  body: string;
}

/** Sends `raw` and reads until the server closes the connection. */
export async function exchange(url: string, raw: string): Promise<RawReply> {
  const text = await replyText(url, raw);
  const split = text.indexOf('\r\n\r\n');
  return {
    status: Number(text.split(' ')[1]),
    head: text.slice(0, split).toLowerCase(),
    body: text.slice(split + 4),
  };
}

/** Sends `raw` in one write and reads every byte the server sends until it closes the connection. */
export function replyText(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', fail);
    socket.on('close', () => done(text));
  });
}
