/**
 * The command as one CommonJS script (`dist/cli-bundle/command.cjs`, made by
 * scripts/bundle.js), compiled with V8's code cache for it
 * (`command.code-cache`, made by the build after a run over a small sample):
 * with the cache V8 takes the bytecode of the functions that sample ran
 * instead of parsing and compiling them again in every process. Node 20's
 * ES module loader has no such cache, hence a script (`node:vm`).
 *
 * A cache V8 cannot take (another Node version or V8 flags) is rejected by
 * V8 and the script compiled as without one; so is a missing or unreadable
 * cache file, and one made for other text: V8 checks only the script's
 * length, so the cache file begins with the CRC-32 of the script it was
 * made for (a script patched in place keeps its length). Nothing is
 * written at run time.
 */
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

/** The parameters the script's code is wrapped in, as Node wraps a CommonJS module, and `import()` for packages (see `commandImport`). */
const parameters = ['exports', 'require', 'module', '__filename', '__dirname', '__commandImport'] as const;

/**
 * What the bundle calls where the command imports a package only when it
 * needs it (piscina, re2js, the remark packages of `check`): `import()`
 * written in a `vm` script needs a loader Node 20 marks experimental, and
 * V8 does not keep it with a code cache.
 */
export const commandImportName = parameters[5];

/** Bytes before V8's data in a cache file: the CRC-32 of the script's bytes, little-endian. */
const checkBytes = 4;

/** The file of a script's code cache: beside it. */
export function codeCacheFile(file: string): string {
  return file.replace(/\.cjs$/, '') + '.code-cache';
}

export interface CommandScript {
  /** What the script exports. */
  readonly exports: Record<string, unknown>;
  /** Was a code cache given, and did V8 take it? */
  readonly cache: 'none' | 'accepted' | 'rejected';
  /** The script's code cache as it is now (V8's code for each function compiled so far), to write to its cache file. */
  createCodeCache(): Buffer;
}

/** The cache file's bytes, or undefined where there is none to read. */
function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Compile and run the CommonJS script `file` with its code cache
 * (`codeCacheFile(file)`) if there is one and `useCache` is not false.
 */
export function loadCommandScript(file: string, useCache = true): CommandScript {
  const bytes = readFileSync(file);
  const check = crc32(bytes);
  // the build writes the script in ASCII (scripts/bundle.js): read as Latin-1, a copy into a one-byte string, not decoded as UTF-8 into a two-byte one
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const cacheFile = useCache ? readCache(codeCacheFile(file)) : undefined;
  // V8's data, where the file was made for this script
  const cachedData = cacheFile !== undefined && cacheFile.length > checkBytes && cacheFile.readUInt32LE(0) === check ? cacheFile.subarray(checkBytes) : undefined;
  const script = new vm.Script(`(function (${parameters.join(', ')}) {${source}\n})`, { filename: file, cachedData });
  const cache = cacheFile === undefined ? 'none' : cachedData === undefined || script.cachedDataRejected === true ? 'rejected' : 'accepted';
  const module = { exports: {} as Record<string, unknown> };
  const commandImport = (specifier: string): Promise<unknown> => import(specifier);
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file), commandImport);
  const createCodeCache = (): Buffer => {
    const header = Buffer.alloc(checkBytes);
    header.writeUInt32LE(check, 0);
    return Buffer.concat([header, script.createCachedData()]);
  };
  return { exports: module.exports, cache, createCodeCache };
}
