// The runtime Rora is built and tested on (ADR 0021): Node 24 LTS, installed by npm as the `node`
// dev dependency so that npm scripts run it even where the machine's own Node is older.
import { readFileSync } from 'node:fs';

const DECLARED_MAJOR = 24;

/** One line for the start banner: which Node runs this process, and a warning when it is not the declared one. */
export function runtimeLine(version: string = process.version): string {
  const major = Number(/^v(\d+)\./.exec(version)?.[1] ?? 0);
  const line = `Runtime: Node ${version} (${process.execPath})`;
  if (major === DECLARED_MAJOR) return line;
  return `${line}\n  Warning: Rora is built and tested on Node ${DECLARED_MAJOR}; start it with \`npm start\`, which runs the Node ${DECLARED_MAJOR} that npm install put in node_modules.`;
}

/** The runtime range package.json declares, for the test that keeps this file and package.json in step. */
export function declaredEngine(packageJsonPath: string): string {
  const json = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { engines?: { node?: string } };
  return json.engines?.node ?? '';
}

export { DECLARED_MAJOR };
