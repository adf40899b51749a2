/**
 * The `User-Agent` of requests: urlsift and its version, read once from the
 * package's own `package.json` (the same path from src/check and dist/check).
 */
import { readFileSync } from 'node:fs';

let agent: string | undefined;

/** `urlsift/0.1.0 (link check)`. */
export function defaultUserAgent(): string {
  if (agent !== undefined) return agent;
  let version = 'unknown';
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // a copy without its package.json still checks links
  }
  agent = `urlsift/${version} (link check)`;
  return agent;
}
