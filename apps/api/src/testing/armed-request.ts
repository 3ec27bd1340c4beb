// Real concurrency over real sockets (TESTING.md): a raw HTTP/1.1 request sent whole but its last
// byte, so that many can be released at once and reach the server together.
import net from 'node:net';

export interface ArmedRequest {
  /** Sends the last byte: the server sees the request now. */
  release(): void;
  /** The answer's status and body, once the server closes the connection (send `Connection: close`). */
  answer: Promise<{ status: number; body: string }>;
}

/** Opens a connection to 127.0.0.1:`port` and sends all of `request` but its last byte. */
export async function armedRequest(port: number, request: string): Promise<ArmedRequest> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.setNoDelay(true);
  const bytes = Buffer.from(request, 'utf8');
  socket.write(bytes.subarray(0, -1));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
  return { release: () => void socket.write(bytes.subarray(-1)), answer };
}
