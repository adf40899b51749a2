/**
 * RFC 1738 itself: how many URLs each tool finds (informational), and whether
 * it reads the Appendix example's three wrapped URLs correctly.
 */
import { rfcText } from '../lib/corpus.js';
import { loadPeers, urlsiftTool } from '../lib/tools.js';

export const id = 'rfc';
export const title = 'RFC 1738 (corpus/text/rfc1738.txt): URL count and the Appendix example';

export const appendixUrls = [
  'ftp://info.cern.ch/pub/www/doc;type=d',
  'ftp://ds.internic.net/rfc',
  'http://ds.internic.net/instructions/overview.html#WARNING',
];

/** Offsets of the Appendix example paragraph ("Yes, Jim, …"). */
function exampleRegion(text) {
  const start = text.indexOf('Yes, Jim');
  if (start === -1) return undefined;
  const close = text.indexOf('#WARNING>', start);
  const end = close === -1 ? start + 300 : close + '#WARNING>'.length + 1;
  return { start, end };
}

function check(tool, text, region) {
  const result = tool.run(text);
  const all = tool.list(result);
  const inRegion = region ? all.filter((m) => m.offset >= region.start && m.offset < region.end) : [];
  const urls = inRegion.map((m) => m.url);
  const found = appendixUrls.filter((u) => urls.includes(u));
  const wrong = urls.filter((u) => !appendixUrls.includes(u));
  return { name: tool.name, urls: tool.count(result), found: found.length, missed: appendixUrls.filter((u) => !urls.includes(u)), wrong };
}

export async function run() {
  const text = rfcText();
  const region = exampleRegion(text);
  const tools = [await urlsiftTool()];
  const { peers, missing } = await loadPeers();
  tools.push(...peers);
  return {
    regionFound: Boolean(region),
    tools: tools.map((t) => check(t, text, region)),
    missing,
  };
}

export function render(r) {
  const lines = [];
  if (!r.regionFound) lines.push('  note: the Appendix example was not found in corpus/text/rfc1738.txt');
  const width = Math.max(...r.tools.map((t) => t.name.length));
  for (const t of r.tools) {
    const verdict = t.found === appendixUrls.length && t.wrong.length === 0 ? 'all found' : `${t.found}/${appendixUrls.length} found`;
    let line = `  ${t.name.padEnd(width)}  ${String(t.urls).padStart(4)} URLs   Appendix: ${verdict}`;
    if (t.wrong.length) line += `; wrong: ${t.wrong.map((u) => JSON.stringify(u)).join(', ')}`;
    lines.push(line);
  }
  for (const m of r.missing) lines.push(`  ${m.name}: ${m.reason}`);
  return lines.join('\n');
}
