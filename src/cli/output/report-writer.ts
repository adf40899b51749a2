/**
 * `--format html` and `--format markdown`: the link report. Rows are counted
 * into the library's summary as they come (nothing is written per row), and
 * the report is written at the end, in pieces, with the run's figures
 * (inputs read, bytes, what was skipped and why).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SummaryRun } from '../../report/link-summary.js';
import type { OutputWriter } from './output-format.js';
import type { RunStats } from './run-stats.js';

/** The formats that are reports. */
export const reportFormats: ReadonlySet<string> = new Set(['html', 'markdown']);

/** Characters of context on each side of a URL the report shows, unless `--context` says otherwise. */
export const reportContext = 50;

export interface ReportSetting {
  /** The working directory: files are linked by their absolute `file:` URL. */
  cwd: string;
  /** The paths named on the command line (the page's subtitle). */
  paths: readonly string[];
}

/** The figures of the run a report shows. */
export function reportRunOf(stats: RunStats): SummaryRun {
  return {
    files: stats.inputs,
    bytes: stats.bytes,
    skipped: [...stats.skipped],
    notRead: [...stats.unread],
    failed: stats.failed,
    problems: stats.problems.length,
    leftOutByFilters: stats.filters.reduce((sum, filter) => sum + filter.count, 0),
  };
}

/**
 * The report's writer. The report modules (the summary, the page, its script
 * and style, number formats) are loaded only for a report: a run that writes
 * rows starts without them (about 30 ms of module loading).
 */
export async function reportWriter(format: 'html' | 'markdown', setting: ReportSetting): Promise<OutputWriter> {
  const [{ createSummary }, { htmlReport }, { markdownReport }] = await Promise.all([
    import('../../report/create-summary.js'),
    import('../../report/render-html.js'),
    import('../../report/render-markdown.js'),
  ]);
  const summary = createSummary();
  return {
    begin: () => '',
    row({ record, file, context, count }) {
      summary.add(record, { file, context, count });
      return '';
    },
    end(run) {
      const result = summary.summary(run);
      if (format === 'markdown') return [markdownReport(result)];
      const named = setting.paths.length === 0 ? 'standard input' : setting.paths.join(' ');
      return htmlReport(result, {
        subtitle: `urlsift: ${named}`,
        fileHref: (file) => (file === '-' || file === '' ? undefined : pathToFileURL(path.resolve(setting.cwd, file)).href),
      });
    },
  };
}
