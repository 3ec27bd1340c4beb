// Just enough of an SMTP server for the tests of the SMTP adapter and of what SMTP_URL may carry.
import { createServer, type Server } from 'node:net';

/**
 * Just enough of an SMTP server to accept one message at a time. `commands` records each command
 * line; with `refusesStartTls` it offers STARTTLS and answers 454, as a server behind someone who
 * wants the link in clear text may.
 */
export function fakeSmtpServer(
  received: string[],
  options: { commands?: string[]; refusesStartTls?: boolean } = {},
): Server {
  return createServer((socket) => {
    let buffer = '';
    let message: string[] | null = null;
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message) {
          if (line === '.') {
            received.push(message.join('\n'));
            message = null;
            socket.write('250 queued\r\n');
          } else message.push(line);
          continue;
        }
        options.commands?.push(line);
        const command = line.slice(0, 4).toUpperCase();
        const startTls = options.refusesStartTls ? '250-STARTTLS\r\n' : '';
        if (command === 'EHLO') socket.write(`250-fake.smtp\r\n${startTls}250-AUTH PLAIN\r\n250 8BITMIME\r\n`);
        else if (command === 'STAR') socket.write('454 TLS not available\r\n');
        else if (command === 'AUTH') socket.write('235 accepted\r\n');
        else if (command === 'DATA') {
          message = [];
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}
