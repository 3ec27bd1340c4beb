// Hostile multipart bodies for the upload routes (TESTING.md "Hostile input"): a valid one-file
// form cut short at seeded random points and at the edges of its parts, boundaries missing, empty
// or wrong, parts without their blank line, a field where the file is expected and a second file,
// names that reach Object.prototype, more parts and fields than the limits, and huge part headers.
// None but the huge headers may be taken: each must be refused with the one error body, never a 500.
import fc from 'fast-check';

export interface HostileMultipart {
  name: string;
  contentType: string;
  payload: Buffer;
  /** A valid form with odd but harmless extras (headers past busboy's limits are dropped): may be taken. */
  mayTake?: boolean;
}

interface Part {
  name: string;
  fileName?: string;
  /** Header lines after Content-Disposition, without their CRLF. */
  headers?: string[];
  bytes: Buffer;
}

const BOUNDARY = '----rora-hostile-7d1c0e';
const formType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** A multipart/form-data body; `closed` false leaves out the closing delimiter. */
export function formBody(parts: Part[], options: { boundary?: string; closed?: boolean } = {}): Buffer {
  const boundary = options.boundary ?? BOUNDARY;
  const chunks = parts.flatMap((part) => {
    const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
    const head = [`Content-Disposition: form-data; name="${part.name}"${fileName}`, ...(part.headers ?? [])];
    return [Buffer.from(`--${boundary}\r\n${head.join('\r\n')}\r\n\r\n`), part.bytes, Buffer.from('\r\n')];
  });
  if (options.closed !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The valid upload the hostile bodies start from: one JPEG under the field `file`. */
export function validUpload(file: Buffer): HostileMultipart {
  const part = { name: 'file', fileName: 'photo.jpg', headers: ['Content-Type: image/jpeg'], bytes: file };
  return { name: 'a valid upload', contentType: formType(BOUNDARY), payload: formBody([part]) };
}

/** Offsets to cut the valid body at: seeded random ones, and the edges of its delimiter lines. */
function cutPoints(payload: Buffer, seed: number, count: number): number[] {
  // Up to the closing delimiter's `--`: a body cut after it is complete (the epilogue is optional).
  const last = payload.length - 4;
  const edges = [1, payload.indexOf('\r\n\r\n') + 2, payload.indexOf('\r\n\r\n') + 4, last - 2 - BOUNDARY.length, last];
  const random = fc.sample(fc.integer({ min: 1, max: last }), { seed, numRuns: count });
  return [...new Set([...edges, ...random])].sort((a, b) => a - b);
}

function truncated(file: Buffer, seed: number, count: number): HostileMultipart[] {
  const { payload, contentType } = validUpload(file);
  return cutPoints(payload, seed, count).map((cut) => ({
    name: `cut short at byte ${cut} of ${payload.length}`,
    contentType,
    payload: payload.subarray(0, cut),
  }));
}

function badBoundaries(file: Buffer): HostileMultipart[] {
  const { payload } = validUpload(file);
  const fileOnly = { name: 'file', fileName: 'photo.jpg', bytes: file };
  return [
    { name: 'no boundary parameter', contentType: 'multipart/form-data', payload },
    { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', payload },
    { name: 'a boundary the body does not use', contentType: formType('another-boundary'), payload },
    { name: 'a boundary longer than 70 characters', contentType: formType('b'.repeat(300)), payload },
    { name: 'no closing delimiter', contentType: formType(BOUNDARY), payload: formBody([fileOnly], { closed: false }) },
    { name: 'the file bytes alone', contentType: formType(BOUNDARY), payload: file },
    {
      name: 'a part without the blank line after its headers',
      contentType: formType(BOUNDARY),
      payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n--${BOUNDARY}--\r\n`),
    },
  ];
}

/** A form of these parts, named for the test's report. */
export const form = (name: string, parts: Part[]): HostileMultipart => ({
  name,
  contentType: formType(BOUNDARY),
  payload: formBody(parts),
});

function wrongParts(file: Buffer): HostileMultipart[] {
  const text = (name: string, value = 'x', headers?: string[]) => ({ name, bytes: Buffer.from(value), headers });
  const image = (name: string) => ({ name, fileName: `${name}.jpg`, bytes: file });
  return [
    form('a text field where the file is expected', [text('file', 'not a file')]),
    form('a second file after the first', [image('file'), image('other')]),
    form('a field, then two files', [text('note'), image('file'), image('file')]),
    form('a part named __proto__', [text('__proto__', '{"isAdmin":true}'), image('file')]),
    form('a file named constructor', [image('constructor')]),
    form('a field declared JSON that is not', [
      text('meta', '{"a":', ['Content-Type: application/json']),
      image('file'),
    ]),
    form('more parts than the limit', [...Array.from({ length: 12 }, (_, i) => text(`f${i}`)), image('file')]),
    form('more fields than the limit', [...Array.from({ length: 6 }, (_, i) => text(`f${i}`)), image('file')]),
    {
      ...form('a 100 kB part header', [{ ...image('file'), headers: [`X-Padding: ${'a'.repeat(100_000)}`] }]),
      mayTake: true,
    },
    {
      ...form('200 part header lines', [
        { ...image('file'), headers: Array.from({ length: 200 }, (_, i) => `X-H${i}: ${i}`) },
      ]),
      mayTake: true,
    },
    form('a nested multipart/mixed part', [
      text('file', '--inner--', ['Content-Type: multipart/mixed; boundary=inner']),
    ]),
  ];
}

/** Every hostile multipart body for an upload route; `seed` picks the random cut points. */
export function hostileMultipartBodies(file: Buffer, seed: number, randomCuts = 12): HostileMultipart[] {
  return [...truncated(file, seed, randomCuts), ...badBoundaries(file), ...wrongParts(file)];
}
