/**
 * The URL finders compared: urlsift and its peers, each behind the same small
 * interface:
 *
 *   run(text)   the native call, as a user would make it (what is timed)
 *   count(r)    number of matches in what run() returned
 *   list(r)     [{ url, offset }] from what run() returned
 *
 * Peers run with their defaults (they also find schemeless `www.` links and
 * e-mail addresses, which urlsift does only when asked).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { paths } from './corpus.js';

export const buildHint = 'run `npm run build` first (bench imports dist/)';

let urlsiftModule;
/** dist/index.js, or throws an Error that says how to build it. */
export async function loadUrlsift() {
  if (!urlsiftModule) {
    try {
      urlsiftModule = await import(pathToFileURL(path.join(paths.dist, 'index.js')).href);
    } catch (error) {
      throw new Error(`cannot import dist/index.js (${firstLine(error)}): ${buildHint}`);
    }
  }
  return urlsiftModule;
}

export function firstLine(error) {
  return String(error?.message ?? error).split('\n')[0];
}

/** urlsift's scan() with the given options, in the common interface. */
export async function urlsiftTool(options) {
  const { scan } = await loadUrlsift();
  return {
    name: 'urlsift',
    run: options ? (text) => scan(text, options) : (text) => scan(text),
    count: (r) => r.length,
    list: (r) => r.map((rec) => ({ url: rec.url, offset: rec.start.offset })),
  };
}

const peerDefinitions = [
  {
    name: 'linkify-it',
    async make() {
      const { LinkifyIt } = await import('linkify-it');
      const linkifyIt = new LinkifyIt();
      return {
        run: (text) => linkifyIt.match(text),
        count: (r) => (r ? r.length : 0),
        list: (r) => (r ?? []).map((m) => ({ url: m.url, offset: m.index })),
      };
    },
  },
  {
    name: 'autolinker',
    async make() {
      const { default: Autolinker } = await import('autolinker');
      const options = { urls: true, email: true, phone: false, mention: false, hashtag: false };
      return {
        run: (text) => Autolinker.parse(text, options),
        count: (r) => r.length,
        list: (r) =>
          r.map((m) => ({
            url: m.getType() === 'email' ? `mailto:${m.getEmail()}` : m.getUrl(),
            offset: m.getOffset(),
          })),
      };
    },
  },
  {
    name: 'linkifyjs',
    async make() {
      const linkify = await import('linkifyjs');
      return {
        run: (text) => linkify.find(text),
        count: (r) => r.length,
        list: (r) => r.map((m) => ({ url: m.href, offset: m.start })),
      };
    },
  },
];

export const peerNames = peerDefinitions.map((p) => p.name);

/** The peers that can be imported, and a note for each that cannot. */
export async function loadPeers() {
  const peers = [];
  const missing = [];
  for (const def of peerDefinitions) {
    try {
      peers.push({ name: def.name, ...(await def.make()) });
    } catch (error) {
      missing.push({ name: def.name, reason: `not installed (${firstLine(error)}): npm install` });
    }
  }
  return { peers, missing };
}
