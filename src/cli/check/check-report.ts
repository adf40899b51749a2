/**
 * `urlsift check --format markdown` and `--format html`: the check as a
 * report. Markdown, for a pull-request comment: the counts, a table of the
 * broken URLs (where, why), the reasons URLs were skipped, the notes on ok
 * URLs; each list short and each string cut, under the 65,536 characters a
 * comment holds. HTML: one self-contained page (the link report's style, no
 * script) with the counts and a table of every URL checked, broken first.
 * Strings from the input are made visible and escaped as the link report
 * does.
 */
import { createHash } from 'node:crypto';
import type { CheckResult } from '../../check/check-result.js';
import { html } from '../../report/html-text.js';
import { markdownLimit } from '../../report/render-markdown.js';
import { pageStyle } from '../../report/page-style.js';
import { cut, formatCount, plural, visibleLine } from '../../report/visible.js';
import type { CheckWriter } from './check-output.js';
import { detailOf } from './check-output.js';

/** Rows of each Markdown list. */
const top = 100;
/** Longest string from the input shown in Markdown. */
const stringLength = 160;

/** `text` in a code span, cut and made visible, `|` escaped for a table. */
function codeSpan(text: string): string {
  const content = visibleLine(cut(text, stringLength)).replaceAll('|', '\\|');
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') || content === '' ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** Plain text for a Markdown table cell (no Markdown read in it). */
function cellText(text: string): string {
  return visibleLine(cut(text, stringLength * 2)).replace(/[\\`*_[\]<>#|]/g, (character) => `\\${character}`);
}

function where(result: CheckResult): string {
  const first = result.places[0];
  const more = result.count > 1 ? ` (+${formatCount(result.count - 1)})` : '';
  return first === undefined ? more.trim() : `${first.file ?? '-'}:${first.line}:${first.column}${more}`;
}

/** What the report counts, as results come. */
class Tally {
  readonly counts = { ok: 0, broken: 0, excluded: 0, skipped: 0, cached: 0 };
  readonly broken: CheckResult[] = [];
  readonly noted: CheckResult[] = [];
  readonly skipReasons = new Map<string, number>();
  notes = 0;

  add(result: CheckResult): void {
    this.counts[result.status]++;
    if (result.cached === true) this.counts.cached++;
    if (result.status === 'broken' && this.broken.length < top) this.broken.push(result);
    if (result.status === 'skipped' || result.status === 'excluded') {
      const reason = result.reason ?? result.status;
      this.skipReasons.set(reason, (this.skipReasons.get(reason) ?? 0) + 1);
    }
    if (result.status === 'ok' && result.note !== undefined) {
      this.notes++;
      if (this.noted.length < top) this.noted.push(result);
    }
  }

  get checked(): number {
    return this.counts.ok + this.counts.broken + this.counts.excluded + this.counts.skipped;
  }
}

function markdownWriter(): CheckWriter {
  const tally = new Tally();
  return {
    begin: () => '',
    row(result) {
      tally.add(result);
      return '';
    },
    end() {
      const { counts } = tally;
      const lines = ['## Link check', ''];
      lines.push(
        `**${formatCount(tally.checked)}** distinct URLs checked: **${formatCount(counts.broken)} broken**, ${formatCount(counts.ok)} ok, ${formatCount(counts.excluded)} excluded, ${formatCount(counts.skipped)} skipped${counts.cached > 0 ? ` (${formatCount(counts.cached)} from the cache)` : ''}.`,
      );
      if (counts.broken > 0) {
        lines.push('', '### Broken', '', '| Code | URL | Where | Why |', '| ---: | --- | --- | --- |');
        for (const result of tally.broken) {
          lines.push(`| ${result.code ?? '–'} | ${codeSpan(result.url)} | ${codeSpan(where(result))} | ${cellText(result.error?.message ?? '')} |`);
        }
        if (counts.broken > tally.broken.length) lines.push('', `And ${plural(counts.broken - tally.broken.length, 'more broken URL')}.`);
      }
      if (tally.skipReasons.size > 0) {
        lines.push('', `<details><summary>Skipped or excluded: ${formatCount(counts.skipped + counts.excluded)}</summary>`, '');
        const reasons = [...tally.skipReasons].sort((a, b) => b[1] - a[1]);
        for (const [reason, count] of reasons.slice(0, top)) lines.push(`- ${cellText(reason)}: ${formatCount(count)}`);
        if (reasons.length > top) lines.push(`- and ${plural(reasons.length - top, 'other reason')}`);
        lines.push('', '</details>');
      }
      if (tally.notes > 0) {
        lines.push('', `<details><summary>Ok, with a note: ${formatCount(tally.notes)}</summary>`, '');
        for (const result of tally.noted) lines.push(`- ${codeSpan(result.url)} at ${codeSpan(where(result))}: ${cellText(result.note ?? '')}`);
        if (tally.notes > tally.noted.length) lines.push(`- and ${formatCount(tally.notes - tally.noted.length)} more`);
        lines.push('', '</details>');
      }
      lines.push('');
      const text = lines.join('\n');
      return [text.length <= markdownLimit ? text : `${cut(text, markdownLimit - 40)}\n\n(report cut to fit a comment)\n`];
    },
  };
}

const style = `${pageStyle}
table.check { border-collapse: collapse; width: 100%; } table.check td, table.check th { border-bottom: 1px solid var(--line); padding: 4px 6px; text-align: left; vertical-align: top; }
.status-broken { color: var(--bad); font-weight: 600; } .status-ok { color: var(--ok); } .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }`;
const policy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'; base-uri 'none'; form-action 'none'`;

const statusOrder = { broken: 0, ok: 1, excluded: 2, skipped: 3 } as const;

function htmlWriter(subtitle: string): CheckWriter {
  const tally = new Tally();
  const rows: { order: number; text: string }[] = [];
  return {
    begin: () => '',
    row(result) {
      tally.add(result);
      const why = detailOf(result);
      rows.push({
        order: statusOrder[result.status],
        text:
          `<tr><td class="status-${result.status}">${result.status}</td><td>${result.code ?? ''}</td>` +
          `<td class="mono">${html(result.url)}</td><td class="mono">${html(where(result))}</td><td>${html(why)}</td></tr>\n`,
      });
      return '';
    },
    *end() {
      const { counts } = tally;
      yield `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">` +
        `<title>Link check</title><style>${style}</style></head><body>\n`;
      yield `<header><h1>Link check</h1><p class="subtitle mono">${html(cut(subtitle, 400))}</p></header>\n`;
      const totals: [string, number][] = [
        ['Checked', tally.checked],
        ['Broken', counts.broken],
        ['Ok', counts.ok],
        ['Excluded', counts.excluded],
        ['Skipped', counts.skipped],
        ['From the cache', counts.cached],
      ];
      yield `<section aria-label="Totals"><dl class="totals">${totals.map(([label, value]) => `<div><dt>${label}</dt><dd>${formatCount(value)}</dd></div>`).join('')}</dl></section>\n`;
      yield '<table class="check"><thead><tr><th>Status</th><th>Code</th><th>URL</th><th>Where</th><th>Why</th></tr></thead><tbody>\n';
      // broken first, then in the order found (the sort is stable)
      rows.sort((a, b) => a.order - b.order);
      for (const row of rows) yield row.text;
      yield '</tbody></table>\n</body></html>\n';
    },
  };
}

export function checkReportWriter(format: 'html' | 'markdown', subtitle: string): CheckWriter {
  return format === 'markdown' ? markdownWriter() : htmlWriter(subtitle);
}
