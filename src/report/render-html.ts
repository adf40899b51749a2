/**
 * The HTML link report: one self-contained page (style, script and data
 * inline; a Content-Security-Policy that lets the page fetch nothing and run
 * only its own script), written as pieces so a large report is never one
 * string. Totals and what was not read, charts as SVG, the URLs worth a
 * look, then the table of distinct URLs, which the script sorts, filters and
 * pages.
 */
import { createHash } from 'node:crypto';
import { barChart, topBars, type Bar } from './bar-chart.js';
import { defaultFileHref } from './file-href.js';
import { foundKinds } from './found-kind.js';
import { html, htmlOnly } from './html-text.js';
import type { LinkSummary, LookAtList, SummaryPlace, SummaryUrl } from './link-summary.js';
import { distinctErrors, messageName, pageDataPieces, pageUrlLength } from './page-data.js';
import { reportScript } from './page-script.js';
import { pageStyle } from './page-style.js';
import { cut, formatBytes, formatCount, plural } from './visible.js';

export interface HtmlReportOptions {
  /**
   * The page's title.
   * @default 'Link report'
   */
  title?: string;
  /** A line under the title saying what was scanned (from the input: made visible and escaped). */
  subtitle?: string;
  /**
   * The link a place's file name gets, or `undefined` for none.
   * @default a `file:` URL for an absolute path, a relative reference for a relative one, none for `-`
   */
  fileHref?: (file: string) => string | undefined;
}

/** Bars in the host and file charts before the rest are one bar. */
export const chartTop = 20;
/** Items of each "look at these" list written into the page. */
const lookAtShown = 1000;
/** Skipped inputs listed by name. */
const skippedShown = 1000;

function checkOptions(options: HtmlReportOptions): void {
  if (typeof options !== 'object' || options === null) throw new TypeError(`htmlReport options must be an object, got ${String(options)}`);
  for (const key of ['title', 'subtitle'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'string') throw new TypeError(`htmlReport option ${key} must be a string`);
  }
  if (options.fileHref !== undefined && typeof options.fileHref !== 'function') throw new TypeError('htmlReport option fileHref must be a function');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

let page: { script: string; policy: string } | undefined;

/**
 * The script as the page runs it (the function's own source, called at
 * once), and the page's policy: nothing fetched, no script but this one, no
 * style but the page's own.
 */
function pageScriptAndPolicy(): { script: string; policy: string } {
  if (page === undefined) {
    const script = `(${reportScript.toString()})();`;
    page = { script, policy: `default-src 'none'; style-src ${sha256(pageStyle)}; script-src ${sha256(script)}; img-src data:; base-uri 'none'; form-action 'none'` };
  }
  return page;
}

/**
 * The HTML report of `summary`, as pieces of one page to write in order.
 * Strings from the input are shown as text: made visible (controls and bidi
 * overrides as escapes) and escaped.
 */
export function* htmlReport(summary: LinkSummary, options: HtmlReportOptions = {}): Generator<string> {
  checkOptions(options);
  const title = options.title ?? 'Link report';
  const fileHref = options.fileHref ?? defaultFileHref;
  const { script, policy } = pageScriptAndPolicy();
  yield `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${policy}">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark">` +
    `<title>${html(title)}</title><style>${pageStyle}</style></head><body>\n`;
  yield `<header><h1>${html(title)}</h1>${options.subtitle === undefined ? '' : `<p class="subtitle mono">${html(cut(options.subtitle, 400))}</p>`}</header>\n`;
  yield totals(summary);
  yield notRead(summary);
  if (summary.urls === 0) {
    const files = summary.run?.files;
    yield `<p class="note" id="nothing-found">No URLs found${files === undefined ? '' : ` in ${plural(files, 'file')}`}.</p>\n</body></html>\n`;
    return;
  }
  if (summary.leftOut.distinctUrls > 0) {
    yield `<p class="note" id="left-out">This page lists ${formatCount(summary.list.length)} distinct URLs; ${formatCount(summary.leftOut.distinctUrls)} more (${plural(summary.leftOut.urls, 'occurrence')}) are counted in the totals and charts but not listed, so the page stays small enough for a browser.</p>\n`;
  }
  yield charts(summary);
  yield lookAt(summary, fileHref);
  yield table(summary);
  yield '<script type="application/json" id="report-data">';
  yield* pageDataPieces(summary, fileHref);
  yield `</script>\n<script>${script}</script>\n</body></html>\n`;
}

function totals(summary: LinkSummary): string {
  const run = summary.run;
  const items: [string, string, string][] = [];
  if (run !== undefined) items.push(['files', 'Files read', formatCount(run.files)]);
  items.push(['files-with-urls', 'Files with URLs', formatCount(summary.filesWithUrls)]);
  if (run !== undefined) items.push(['bytes', 'Bytes', formatBytes(run.bytes)]);
  items.push(['urls', 'URLs', formatCount(summary.urls)], ['distinct-urls', 'Distinct URLs', formatCount(summary.distinctUrls)], ['hosts', 'Hosts', formatCount(summary.hosts)]);
  items.push(['invalid', 'Not valid (RFC 1738)', formatCount(summary.invalidUrls)]);
  const cells = items.map(([id, label, value]) => `<div id="total-${id}"><dt>${label}</dt><dd>${value}</dd></div>`).join('');
  return `<section aria-label="Totals"><dl class="totals">${cells}</dl></section>\n`;
}

function notRead(summary: LinkSummary): string {
  const run = summary.run;
  if (run === undefined) return '';
  const parts: string[] = [];
  const facts: string[] = [];
  if (run.failed > 0) facts.push(`${plural(run.failed, 'file')} could not be read (the messages on standard error name them)`);
  if (run.problems > 0) facts.push(`${plural(run.problems, 'problem')} in the input were read past (<code>--stats</code> lists them)`);
  if (run.leftOutByFilters > 0) facts.push(`${plural(run.leftOutByFilters, 'URL')} left out by URL filters`);
  if (run.skipped.length > 0) {
    const shown = run.skipped.slice(0, skippedShown).map(({ file, reason }) => `<li><code>${html(file)}</code>: ${html(reason)}</li>`);
    if (run.skipped.length > skippedShown) shown.push(`<li>and ${formatCount(run.skipped.length - skippedShown)} more</li>`);
    parts.push(`<details id="skipped"${run.skipped.length <= 20 ? ' open' : ''}><summary>Skipped: ${plural(run.skipped.length, 'file')}</summary><ul class="look">${shown.join('')}</ul></details>`);
  }
  if (run.notRead.length > 0) {
    const shown = run.notRead.slice(0, skippedShown).map((reason) => `<li>${html(reason)}</li>`);
    parts.push(`<details id="not-read" open><summary>Not read: ${formatCount(run.notRead.length)}</summary><ul class="look">${shown.join('')}</ul></details>`);
  }
  if (parts.length === 0 && facts.length === 0) return `<p class="muted" id="skipped-none">Nothing was skipped.</p>\n`;
  return `<section aria-label="What was not read">${facts.map((fact) => `<p>${fact}.</p>`).join('')}${parts.join('')}</section>\n`;
}

function charts(summary: LinkSummary): string {
  const hostBars = topBars(summary.byHost, chartTop, (host): Bar => ({ label: host.host, value: host.urls, host: host.host }), (count) => `${formatCount(count)} other hosts`);
  const schemeBars = topBars(summary.byScheme, chartTop, (scheme): Bar => ({ label: scheme.name, value: scheme.urls }), (count) => `${formatCount(count)} other schemes`);
  const kindBars = summary.byKind.map((kind): Bar => ({ label: foundKinds[kind.name], value: kind.urls }));
  const fileBars = topBars(summary.byFile, chartTop, (file): Bar => ({ label: file.name, value: file.urls, keepEnd: true }), (count) => `${formatCount(count + summary.leftOut.files)} other files`);
  const restOfFiles = fileBars.at(-1);
  if (summary.leftOut.fileUrls > 0) {
    // inputs past the summary's own limit count in the last bar
    if (restOfFiles?.others === true) restOfFiles.value += summary.leftOut.fileUrls;
    else fileBars.push({ label: `${formatCount(summary.leftOut.files)} other files`, value: summary.leftOut.fileUrls, others: true });
  }
  const hostsTitle = summary.hosts > chartTop ? `URLs by host: the top ${chartTop} of ${formatCount(summary.hosts)}, then the rest` : 'URLs by host';
  const filesWithUrls = summary.filesWithUrls;
  const filesTitle = filesWithUrls > chartTop ? `URLs per file: the top ${chartTop} of ${formatCount(filesWithUrls)} files, then the rest` : 'URLs per file';
  return (
    `<section aria-labelledby="charts-title"><h2 id="charts-title">Charts</h2><div class="charts">` +
    barChart('chart-hosts', hostsTitle, 'URLs', hostBars) +
    barChart('chart-schemes', 'URLs by scheme', 'URLs', schemeBars) +
    barChart('chart-kinds', 'How the URLs were found (each counted once, in the first that fits)', 'URLs', kindBars) +
    barChart('chart-files', filesTitle, 'URLs', fileBars) +
    `</div><p class="muted">A host's bar shows only that host in the table below.</p></section>\n`
  );
}

/** A place as text with a link to its file. */
function placeHtml(place: SummaryPlace | undefined, fileHref: (file: string) => string | undefined): string {
  if (place === undefined) return '';
  const name = html(`${place.file}:${place.line}:${place.column}`);
  const href = fileHref(place.file);
  const message = messageName(place);
  return (href === undefined ? `<span class="mono">${name}</span>` : `<a class="mono" href="${htmlOnly(href)}">${name}</a>`) + (message === '' ? '' : ` <span class="muted">(${html(message)})</span>`);
}

const code = (text: string) => `<code>${html(cut(text, pageUrlLength))}</code>`;

function lookAtList<Item>(id: string, title: string, explanation: string, list: LookAtList<Item>, item: (item: Item) => string): string {
  const shown = list.items.slice(0, lookAtShown);
  const hidden = list.total - shown.length;
  const body =
    list.total === 0
      ? '<p class="muted">None.</p>'
      : `<ul class="look">${shown.map((entry) => `<li>${item(entry)}</li>`).join('')}${hidden > 0 ? `<li class="muted">and ${formatCount(hidden)} more, not listed</li>` : ''}</ul>`;
  return `<details id="${id}"${list.total > 0 && list.total <= 20 ? ' open' : ''}><summary>${title}: ${formatCount(list.total)}</summary><p class="muted">${explanation}</p>${body}</details>`;
}

function lookAt(summary: LinkSummary, fileHref: (file: string) => string | undefined): string {
  const at = (url: SummaryUrl) => ` at ${placeHtml(url.places[0], fileHref)}${url.count > 1 ? ` <span class="muted">(found ${formatCount(url.count)} times)</span>` : ''}`;
  const { invalid, hyphenAmbiguous, rejoined, httpAlsoHttps, singleHosts } = summary.lookAt;
  return (
    `<section aria-labelledby="look-title"><h2 id="look-title">Look at these</h2>` +
    lookAtList('look-invalid', 'Not valid by RFC 1738', 'URLs the RFC 1738 grammar rejects, and why.', invalid, (url) =>
      `${code(url.url)}: ${distinctErrors(url).map((error) => html(`${error.code}: ${error.message}`)).join('; ')}${at(url)}`,
    ) +
    lookAtList('look-hyphen', 'A hyphen at a line break: two readings', 'RFC 1738 says such a hyphen may or may not be part of the URL; the first reading is the one reported.', hyphenAmbiguous, (url) =>
      `${code(url.url)} or ${url.alternatives.map(code).join(' or ')}${at(url)}`,
    ) +
    lookAtList('look-rejoined', 'Rejoined across lines', 'URLs broken over lines in the source; a reader that stops at the line end finds only the part shown after “cut:”.', rejoined, (url) =>
      `${code(url.url)} <span class="muted">cut:</span> ${code(url.cut ?? '')}${at(url)}`,
    ) +
    lookAtList('look-http', 'http:// where the host is also linked over https://', 'These could perhaps be https:// links.', httpAlsoHttps, (url) => `${code(url.url)}${at(url)}`) +
    lookAtList('look-single-hosts', 'Hosts named once', 'Hosts named by a single URL: a typing mistake shows up here.', singleHosts, (host) => `<code>${html(host.host)}</code>: ${code(host.url)}`) +
    `</section>\n`
  );
}

function table(summary: LinkSummary): string {
  const sortable = (key: string, label: string, className = '') => `<th scope="col" data-sort="${key}"${className}><button type="button">${label}</button></th>`;
  return (
    `<section aria-labelledby="urls"><h2 id="urls">Distinct URLs</h2>` +
    `<p class="noscript-only note">The table needs JavaScript, which this page runs only from itself.</p>` +
    `<div class="controls" role="search" aria-label="Filter the URLs">` +
    `<label>Host<input id="filter-host" type="search" list="hosts-list" autocomplete="off" placeholder="any"></label>` +
    `<label>Scheme<select id="filter-scheme"><option value="">any</option></select></label>` +
    `<label>File<input id="filter-file" type="search" list="files-list" autocomplete="off" placeholder="any"></label>` +
    `<label>Valid<select id="filter-valid"><option value="">any</option><option value="valid">valid</option><option value="invalid">not valid</option></select></label>` +
    `<label>Text<input id="filter-text" type="search" autocomplete="off" placeholder="in the URL or its context"></label>` +
    `<button type="button" id="filter-reset">Clear filters</button></div>` +
    `<datalist id="hosts-list"></datalist><datalist id="files-list"></datalist>` +
    `<div class="pager"><span id="table-status" role="status" aria-live="polite"></span>` +
    `<button type="button" id="page-previous">Previous ${100}</button><button type="button" id="page-next">Next ${100}</button></div>` +
    `<table id="url-table"><colgroup><col class="c-url"><col class="c-host"><col class="c-scheme"><col class="c-num"><col class="c-num"><col class="c-places"><col class="c-valid"></colgroup>` +
    `<thead><tr>${sortable('url', 'URL')}${sortable('host', 'Host')}${sortable('scheme', 'Scheme')}${sortable('count', 'Found')}${sortable('files', 'Files')}<th scope="col">Places</th>${sortable('valid', 'Valid')}</tr></thead>` +
    `<tbody></tbody></table>` +
    `<p class="muted">${formatCount(summary.list.length)} distinct URLs listed, each with up to its first few places.</p></section>\n`
  );
}
