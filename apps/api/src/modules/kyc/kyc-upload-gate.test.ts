// Uploads held in memory at once are bounded (kyc-upload.ts createUploadGate): each is read whole
// (up to 10 MB) and decoded, and the per-customer rate limit counts requests per minute, not those
// in flight. Uploads whose bodies are still arriving hold their slots; one more is refused at once
// with 429 document_uploads_are_busy and Retry-After (not a 503: that is logged as an error, and
// a flood of refusals would flood the log), and a slot comes back when an upload ends,
// even one the client abandons.
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestUser } from '../../testing/users.ts';
import { UPLOADS_IN_FLIGHT } from './kyc-documents.routes.ts';
import {
  addressOf,
  createKycTestApp,
  multipart,
  newCustomer,
  pngImage,
  upload,
  uploadUrl,
  until,
  type KycTestApp,
} from './testing/kyc-fixtures.ts';

let t: KycTestApp;
let port: number;
let png: Buffer;
const open: Socket[] = [];
/** Status lines stalled uploads got: none is answered while its body is still arriving. */
const refusedStalled: string[] = [];
/** Stalled uploads sent, by token. */
const stalledOf = new Map<string, number>();
const logLines: Array<{ level: number; msg: string }> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});
/** Requests signed in so far, by token: a stalled upload's handler takes its slot as soon as it is. */
const signedIn = new Map<string, number>();
beforeAll(async () => {
  t = await createKycTestApp({ logStream, env: { LOG_LEVEL: 'info' } });
  const sessions = t.app.services.sessions;
  const authenticate = sessions.authenticate.bind(sessions);
  sessions.authenticate = async (token) => {
    const identity = await authenticate(token);
    signedIn.set(token, (signedIn.get(token) ?? 0) + 1);
    return identity;
  };
  port = await t.listen();
  png = await pngImage();
});
afterAll(async () => {
  for (const socket of open) socket.destroy();
  await t.close();
});

/** An upload whose headers and first half of body are sent, and the rest never is. */
function stalledUpload(user: TestUser): Socket {
  const body = multipart([{ name: 'file', fileName: 'a.png', contentType: 'image/png', bytes: png }]);
  const headers = {
    host: `127.0.0.1:${port}`,
    authorization: user.headers.authorization!,
    'x-forwarded-for': addressOf(user),
    ...body.headers,
    'content-length': String(body.payload.length),
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.on('data', (answer) => refusedStalled.push(answer.toString().split('\r\n')[0]!));
  socket.write(`PUT ${uploadUrl('photo', user.userId)} HTTP/1.1\r\n${head.join('')}\r\n`);
  socket.write(body.payload.subarray(0, body.payload.length >> 1));
  open.push(socket);
  stalledOf.set(user.token, (stalledOf.get(user.token) ?? 0) + 1);
  return socket;
}

/**
 * An upload once the stalled ones have reached the route and hold their slots: each signed in, and
 * the turn after (what is left before the handler takes its slot waits for no input: the multipart
 * body is read by the handler, after it).
 */
async function uploadAfterStalled(user: TestUser) {
  await until(() => [...stalledOf].every(([token, count]) => (signedIn.get(token) ?? 0) >= count));
  await new Promise((resolve) => setImmediate(resolve));
  expect(refusedStalled).toEqual([]);
  return upload(t, { user, kind: 'photo', bytes: png, contentType: 'image/png' });
}

it('refuses an upload beyond the in-flight limits with 429 and Retry-After, and frees a slot when one ends', async () => {
  const customers = await Promise.all(
    Array.from({ length: UPLOADS_IN_FLIGHT.total / UPLOADS_IN_FLIGHT.perCustomer }, () => newCustomer(t)),
  );
  const [first] = customers as [TestUser];
  const stalled = Array.from({ length: UPLOADS_IN_FLIGHT.perCustomer }, () => stalledUpload(first));

  const mine = await uploadAfterStalled(first);
  expect([mine.statusCode, mine.json().error.code]).toEqual([429, 'document_uploads_are_busy']);
  expect(mine.headers['retry-after']).toBe('5');

  for (const customer of customers.slice(1)) {
    for (let index = 0; index < UPLOADS_IN_FLIGHT.perCustomer; index += 1) stalledUpload(customer);
  }
  const outsider = await newCustomer(t);
  const busy = await uploadAfterStalled(outsider);
  expect([busy.statusCode, busy.json().error.code]).toEqual([429, 'document_uploads_are_busy']);
  // A refusal is the client's to handle, not a server fault: nothing is logged as an error.
  expect(logLines.filter((line) => line.level >= 50)).toEqual([]);

  // The client gives up on one: its slot is free again, and that is logged as the client's doing,
  // not as an error (it was taken for the database gone: a 503 logged at error level).
  const before = logLines.length;
  stalled[0]!.destroy();
  // Logged by the error handler, once the handler gave its slot back.
  await until(() => logLines.slice(before).some((line) => line.msg.startsWith('client closed the connection')));
  const taken = await upload(t, { user: outsider, kind: 'photo', bytes: png, contentType: 'image/png' });
  expect(taken.statusCode).toBe(200);
  expect(logLines.slice(before).filter((line) => line.level >= 50)).toEqual([]);
});

it('refuses a third download of one customer while two are being sent, and frees the slots after', async () => {
  const user = await newCustomer(t);
  expect((await upload(t, { user, kind: 'photo', bytes: png, contentType: 'image/png' })).statusCode).toBe(200);
  const [document] = (
    await t.app.inject({ method: 'GET', url: `/api/v1/user/get-documents-name/${user.userId}`, headers: user.headers })
  ).json().data.items as Array<{ id: string }>;
  const download = () =>
    t.app.inject({ method: 'GET', url: `/api/v1/user/kyc-documents/${document!.id}`, headers: user.headers });

  // Storage answers only when let go, so the first two downloads are in flight meanwhile.
  const storage = t.app.services.kyc.storage;
  const get = storage.get.bind(storage);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let reading = 0;
  storage.get = async (key) => {
    reading += 1;
    await held;
    return get(key);
  };
  try {
    const first = [download(), download()];
    await until(() => reading === 2);
    const third = await download();
    expect([third.statusCode, third.json().error.code, third.headers['retry-after']]).toEqual([
      429,
      'too_many_requests',
      '5',
    ]);
    release();
    expect((await Promise.all(first)).map((answer) => answer.statusCode)).toEqual([200, 200]);
  } finally {
    release();
    storage.get = get;
  }
  const again = await Promise.all([download(), download()]);
  expect(again.map((answer) => answer.statusCode)).toEqual([200, 200]);
});
