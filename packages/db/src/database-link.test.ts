// The database link as pg reads it (ADR 0076): a certificate parameter without sslmode is TLS,
// checked, and pg refuses a server that offers none, so production takes it off the private network.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseLinkProblem, readDatabaseLink } from './database-link.ts';

/** A self-signed test authority (its key thrown away): pg-connection-string reads the file as it is. */
const TEST_CA = `-----BEGIN CERTIFICATE-----
MIIBhDCCASugAwIBAgIUa52aTkomM10vDRBJpYPaSeiAvGswCgYIKoZIzj0EAwIw
FzEVMBMGA1UEAwwMUm9yYSB0ZXN0IENBMCAXDTI2MTIwMTE1NTA0M1oYDzIxMjYx
MTA3MTU1MDQzWjAXMRUwEwYDVQQDDAxSb3JhIHRlc3QgQ0EwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAARvTEL4lt2QxPdoL/NOhd2kTITDC7DnuVREsyzv4Tj/O2gE
dj4ACVDXPeSiykuhoyqqVRSo0v0ishCXiJ5Bs/DCo1MwUTAdBgNVHQ4EFgQUu9S3
ujgx6Tjp0Sde0sSGxWkMPQUwHwYDVR0jBBgwFoAUu9S3ujgx6Tjp0Sde0sSGxWkM
PQUwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNHADBEAiAYs/xtBAqzQqRF
YLoBgvPcn4dDJ7EbSIEG/DvswXjB5QIgCHOC73jmYEhlnueY1YR9GmU+kj2YSsdn
ZzrnLqEgi5M=
-----END CERTIFICATE-----
`;

const folder = mkdtempSync(path.join(tmpdir(), 'rora-database-link-'));
const caFile = path.join(folder, 'ca.pem');
writeFileSync(caFile, TEST_CA);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** PostgreSQL's SSLRequest code, the first message pg sends when it asks for TLS. */
const SSL_REQUEST = 80877103;

/**
 * A server that answers pg's first message as one without TLS would ('N' to an SSLRequest), and
 * records that message's code: SSL_REQUEST, or the protocol version of a clear-text startup.
 */
async function serverWithoutTls(firstCodes: number[]): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.once('data', (chunk) => {
      firstCodes.push(chunk.readInt32BE(4));
      socket.end('N');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('database link', () => {
  it('reads sslrootcert without sslmode as TLS with the certificate checked', () => {
    const url = `postgres://rora:pw@db.example.com/rora?sslrootcert=${caFile}`;
    expect(readDatabaseLink(url, {})).toEqual({ host: 'db.example.com', clearText: undefined });
    expect(databaseLinkProblem(url, {})).toBeUndefined();
    // PGSSLMODE is not read once the URL names a certificate, as pg does not read it.
    expect(databaseLinkProblem(url, { PGSSLMODE: 'disable' })).toBeUndefined();
    expect(databaseLinkProblem(`postgres://rora:pw@db.example.com/rora?sslcert=${caFile}`, {})).toBeUndefined();
  });

  it('still refuses what checks no certificate or allows clear text, with a certificate given', () => {
    const url = `postgres://rora:pw@db.example.com/rora?sslrootcert=${caFile}`;
    expect(databaseLinkProblem(`${url}&sslmode=disable`, {})).toEqual({
      clearText: 'sslmode=disable does not require TLS',
    });
    expect(databaseLinkProblem(`${url}&sslmode=no-verify`, {})).toEqual({
      clearText: 'sslmode=no-verify checks no certificate, so anyone on the path can pose as the server',
    });
    expect(databaseLinkProblem('postgres://rora:pw@db.example.com/rora', {})).toEqual({
      clearText: 'pg connects without TLS unless the URL or PGSSLMODE sets sslmode',
    });
  });

  it('is what pg does: with sslrootcert alone it asks for TLS and stops when the server has none', async () => {
    const firstCodes: number[] = [];
    const { server, port } = await serverWithoutTls(firstCodes);
    const client = new pg.Client({
      connectionString: `postgres://rora:pw@127.0.0.1:${port}/rora?sslrootcert=${caFile}`,
    });
    await expect(client.connect()).rejects.toThrow('The server does not support SSL connections');
    expect(firstCodes).toEqual([SSL_REQUEST]);
    // Without it, pg starts in clear text: the reading's refusal is of the same link.
    const clear = new pg.Client({ connectionString: `postgres://rora:pw@127.0.0.1:${port}/rora` });
    await expect(clear.connect()).rejects.toThrow();
    expect(firstCodes[1]).not.toBe(SSL_REQUEST);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
