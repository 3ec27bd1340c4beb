// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
// highest levels: the server then sends the copy the browser accepts (@fastify/static
// `preCompressed`) instead of the raw file or a per-request compression at a lower level.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 512;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile());
}

/** Writes the file's .gz and .br copies; false when it is not worth compressing. */
export function compressFile(file: string): boolean {
  if (!COMPRESSIBLE.test(file)) return false;
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) return false;
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  const brotli = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  writeFileSync(`${file}.br`, brotli);
  return true;
}

export function precompressFolder(folder: string): { files: number } {
  const files = filesUnder(folder).filter((file) => compressFile(file)).length;
  return { files };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'rora-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
