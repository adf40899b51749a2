/**
 * The Markdown link report, for a pull-request comment: totals, a host
 * table, and the URLs worth a look, each list short and each string cut, so
 * the report stays under the 65,536 characters a comment holds on the usual
 * forges. Strings from the input sit in code spans (no Markdown or HTML in
 * them is read), with `|` escaped in tables and controls made visible.
 */
import { foundKinds } from './found-kind.js';
import type { LinkSummary, LookAtList, SummaryPlace, SummaryUrl } from './link-summary.js';
import { distinctErrors, messageName } from './page-data.js';
import { cut, formatBytes, formatCount, plural, visibleLine } from './visible.js';

export interface MarkdownReportOptions {
  /**
   * The report's heading.
   * @default 'Link report'
   */
  title?: string;
  /**
   * Rows of the host table and items of each list.
   * @default 15
   */
  top?: number;
}

/** Longest string from the input shown (URLs, hosts, file names). */
const stringLength = 120;
/** The most characters of a report: a comment holds 65,536. */
export const markdownLimit = 60_000;

/** `text` in a code span: made visible, cut, with a fence longer than any run of backticks in it. */
function codeSpan(text: string, inTable = false): string {
  let content = visibleLine(cut(text, stringLength));
  if (inTable) content = content.replaceAll('|', '\\|');
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') || content === '' ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

function place(where: SummaryPlace | undefined): string {
  if (where === undefined) return '';
  const message = messageName(where);
  return ` at ${codeSpan(`${where.file}:${where.line}:${where.column}`)}${message === '' ? '' : ` (${codeSpan(message)})`}`;
}

function checkOptions(options: MarkdownReportOptions): void {
  if (typeof options !== 'object' || options === null) throw new TypeError(`markdownReport options must be an object, got ${String(options)}`);
  if (options.title !== undefined && typeof options.title !== 'string') throw new TypeError('markdownReport option title must be a string');
  if (options.top !== undefined && (!Number.isSafeInteger(options.top) || options.top < 1)) throw new TypeError(`markdownReport option top must be a whole number from 1, got ${String(options.top)}`);
}

/** The Markdown report of `summary`, one string. */
export function markdownReport(summary: LinkSummary, options: MarkdownReportOptions = {}): string {
  checkOptions(options);
  const top = options.top ?? 15;
  const title = visibleLine(options.title ?? 'Link report').replace(/[\\`*_[\]<>#|]/g, (character) => `\\${character}`);
  const lines: string[] = [`## ${title}`, ''];
  const run = summary.run;
  const scope = run === undefined ? `${plural(summary.filesWithUrls, 'file')} with URLs` : `${plural(run.files, 'file')} (${formatBytes(run.bytes)})`;
  lines.push(
    `**${formatCount(summary.urls)}** URLs (**${formatCount(summary.distinctUrls)}** distinct) on **${formatCount(summary.hosts)}** hosts in ${scope}; ${formatCount(summary.invalidUrls)} not valid by RFC 1738.`,
  );
  if (run !== undefined) {
    const notes: string[] = [];
    if (run.skipped.length > 0) notes.push(`skipped ${plural(run.skipped.length, 'file')}`);
    if (run.notRead.length > 0) notes.push(`${formatCount(run.notRead.length)} not read`);
    if (run.failed > 0) notes.push(`${plural(run.failed, 'file')} failed`);
    if (run.problems > 0) notes.push(`${plural(run.problems, 'problem')} in the input read past`);
    if (run.leftOutByFilters > 0) notes.push(`${plural(run.leftOutByFilters, 'URL')} left out by URL filters`);
    if (notes.length > 0) lines.push('', `${notes.join('; ')}.`);
    if (run.skipped.length > 0) {
      lines.push('', `<details><summary>Skipped files</summary>`, '');
      for (const { file, reason } of run.skipped.slice(0, top)) lines.push(`- ${codeSpan(file)}: ${codeSpan(reason)}`);
      if (run.skipped.length > top) lines.push(`- and ${formatCount(run.skipped.length - top)} more`);
      lines.push('', '</details>');
    }
  }
  if (summary.urls === 0) {
    lines.push('', 'No URLs found.', '');
    return lines.join('\n');
  }

  lines.push('', '### Hosts', '', '| Host | URLs | Distinct | Files |', '| --- | ---: | ---: | ---: |');
  for (const host of summary.byHost.slice(0, top)) {
    lines.push(`| ${codeSpan(host.host, true)} | ${formatCount(host.urls)} | ${formatCount(host.distinctUrls)} | ${formatCount(host.files)} |`);
  }
  const rest = summary.byHost.slice(top);
  if (rest.length > 0) {
    const sum = (key: 'urls' | 'distinctUrls') => formatCount(rest.reduce((total, host) => total + host[key], 0));
    lines.push(`| ${plural(rest.length, 'other host')} | ${sum('urls')} | ${sum('distinctUrls')} | |`);
  }
  const otherSchemes = summary.byScheme.length > top ? `, ${plural(summary.byScheme.length - top, 'other')}` : '';
  lines.push('', `By scheme: ${summary.byScheme.slice(0, top).map((scheme) => `${codeSpan(scheme.name)} ${formatCount(scheme.urls)}`).join(', ')}${otherSchemes}.`);
  lines.push('', `How found: ${summary.byKind.map((kind) => `${foundKinds[kind.name]} ${formatCount(kind.urls)}`).join(', ')}.`);

  const { invalid, hyphenAmbiguous, rejoined, httpAlsoHttps, singleHosts } = summary.lookAt;
  lines.push('', '### Look at these');
  const list = <Item>(heading: string, entries: LookAtList<Item>, item: (entry: Item) => string) => {
    lines.push('', `<details${entries.total > 0 && entries.total <= 5 ? ' open' : ''}><summary>${heading}: ${formatCount(entries.total)}</summary>`, '');
    if (entries.total === 0) lines.push('None.');
    for (const entry of entries.items.slice(0, top)) lines.push(`- ${item(entry)}`);
    const hidden = entries.total - Math.min(top, entries.items.length);
    if (hidden > 0) lines.push(`- and ${formatCount(hidden)} more`);
    lines.push('', '</details>');
  };
  const at = (url: SummaryUrl) => `${place(url.places[0])}${url.count > 1 ? ` (${formatCount(url.count)} times)` : ''}`;
  list('Not valid by RFC 1738', invalid, (url) => `${codeSpan(url.url)}: ${distinctErrors(url).map((error) => codeSpan(error.code)).join(', ')}${at(url)}`);
  list('A hyphen at a line break: two readings', hyphenAmbiguous, (url) => `${codeSpan(url.url)} or ${url.alternatives.map((alternative) => codeSpan(alternative)).join(' or ')}${at(url)}`);
  list('Rejoined across lines (a line-bound reader cuts them)', rejoined, (url) => `${codeSpan(url.url)}, cut: ${codeSpan(url.cut ?? '')}${at(url)}`);
  list('http:// where the host is also linked over https://', httpAlsoHttps, (url) => `${codeSpan(url.url)}${at(url)}`);
  list('Hosts named once', singleHosts, (host) => `${codeSpan(host.host)}: ${codeSpan(host.url)}`);
  if (summary.leftOut.distinctUrls > 0) {
    lines.push('', `The lists are drawn from the first ${formatCount(summary.list.length)} distinct URLs; ${formatCount(summary.leftOut.distinctUrls)} more are counted, not listed.`);
  }
  lines.push('');
  const text = lines.join('\n');
  // a bound the limits above already keep; a report never grows past what a comment holds
  return text.length <= markdownLimit ? text : `${cut(text, markdownLimit - 40)}\n\n(report cut to fit a comment)\n`;
}
