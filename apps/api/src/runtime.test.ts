import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECLARED_MAJOR, declaredEngine, runtimeLine } from './runtime.ts';

describe('runtime', () => {
  it('runs the tests on the declared Node major (npm scripts put the node dependency first on the PATH)', () => {
    expect(process.versions.node.split('.')[0]).toBe(String(DECLARED_MAJOR));
  });

  it('declares the same major in package.json', () => {
    expect(declaredEngine(path.resolve('package.json'))).toMatch(new RegExp(`^>=${DECLARED_MAJOR}\\.`));
  });

  it('says which runtime runs, and warns on another major', () => {
    expect(runtimeLine(`v${DECLARED_MAJOR}.21.0`)).toMatch(/^Runtime: Node v24\.21\.0 \(/);
    expect(runtimeLine(`v${DECLARED_MAJOR}.21.0`)).not.toMatch(/Warning/);
    expect(runtimeLine('v20.20.2')).toMatch(/Warning: Rora is built and tested on Node 24/);
  });
});
