/**
 * A warm start for a long text stream. Before the first chunk of a big text
 * file or of standard input is scanned, a scanner with the run's options
 * reads a few kilobytes of built-in text written to take the paths real
 * text takes through the scanner's loop, its recognizers, the parser and
 * the record factory: wrappers over lines, a hyphen break, quoted and
 * bracketed URLs, hosts of every shape, each scheme's grammar, HTML tags,
 * colons in prose, CR, LF and CRLF, characters beyond Latin-1. It is written
 * in pieces that end at every kind of place (inside `<URL:`, after a `:`,
 * between CR and LF), as chunks of a stream do.
 *
 * V8 optimizes a function with the types and branches it has seen run. On
 * a cold start it optimizes the scanner on the input's first lines, then
 * throws that code away at the first rare branch (a wrapper across lines,
 * an IPv6 host, a trigger at a chunk's end) and optimizes again, many times
 * over, while the scan runs in slower code. Seen here first, those branches
 * are in the first optimized code (bench/NOTES.md has the figures).
 */
import { createRecord, type RecordFactory } from '../../records/create-record.js';
import type { UrlRecord } from '../../records/url-record.js';
import { resolveScanOptions, type ScanOptions } from '../../scanner/scan-options.js';
import { Scanner } from '../../scanner/scanner.js';

/** The text read; lines end in LF unless a line says otherwise. */
const lines = [
  'Notes on where to find things                                 1995-03-02',
  '',
  'The archive moved.  The old address was <URL:ftp://ftp.example.org/pub/',
  'archive/1994/> and the new one is <URL: http://www.example.org/archive/',
  'index.html>; both stay up until June.  A careless typesetter broke this',
  'one after a hyphen: <URL:http://www.example.org/users/long-',
  '   name/papers/url-in-context.ps>, and this bare one: http://www.example.org/a-',
  'long-name/index.html.  Chains: <URL:<URL:http://chain.example/> and <<URL:x>.',
  'Angle ones: <http://www.example.net/angle/',
  'brackets.html>, <ftp://ftp.example.org/pub/>, <news:comp.infosystems.www.misc>,',
  '<mailto:webmaster@example.org>, <Gopher://gopher.example.edu/11/>.',
  '',
  'Bare: see http://www.example.com/docs/intro.html, or (for the impatient)',
  'http://en.example.org/wiki/Uniform_(resource)_locator).  HTTPS://EXAMPLE.COM/UP!',
  'https://example.com:8443/path/to/page?query=1&other=%7Ename#frag and',
  'http://example.com/a%20b?x=y;z.  http://192.0.2.1:8080/status, http://[2001:db8::1]/',
  'and http://[::ffff:192.0.2.128]:80/x; http://user:secret@example.com/private?',
  'ftp://anonymous:guest@ftp.example.org/pub/file.txt;type=i ftp://@host.example/',
  'ftp://ftp.example.org/pub/dir/;type=d gopher://gopher.example.edu:70/11/pub',
  'telnet://guest@bbs.example.com/ wais://wais.example.com:210/db?query+words',
  'wais://wais.example.com/db/type/path prospero://host.example:1525/path;field=value',
  'file:///etc/motd file://localhost/tmp/x.txt file:///C:/Windows/win.ini',
  'news:comp.lang.c news:12345@news.example.com nntp://news.example.com/comp.lang.c/42',
  'mailto:jim@example.org?subject=hello mailto:Jim.Smith@Example.COM, and mailto:',
  'URLs in prose: the mailto:postmaster word is none.  Write to jim@example.org or',
  'see www.example.com/x and WWW.EXAMPLE.ORG.  svn+ssh://svn.example.org/repo/trunk',
  'git+https://github.com/user/project.git vscode://file/home/user/a.txt coap://h.example',
  'URL:http://www.example.com/prefixed.html has a prefix; so does (URL:http://p.example/).',
  'Quoted: href="http://www.example.net/quoted.html" and "http://q.example/a\\"b" and',
  "'http://single.example/q' and `http://tick.example/` and [http://square.example/c]",
  'and {http://brace.example/d} and https://git-scm.com[Git] and http://x.example/[1].',
  'Trailing: http://example.com/x. http://example.com/y!? http://example.com/z\';',
  'http://example.com/q?, "http://example.com/r", http://example.com/s:',
  'Markup: <p><a href="http://html.example/page.html">link</a></p> <br/> <!-- c -->',
  '<div class="x">http://html.example/in-text</div><img src=https://img.example/i.png>',
  '</span></li><li>http://list.example/item&amp;more</li> <td>x</td> <URL:>',
  'Not URLs: Note: 10:30, a:b, re: this, foo::bar, C://Users/jim, 3http://x.example,',
  'http://<host>:<port>/<path>, "ftp://", (http://-a.b/, foo:// spaced, a:a:a:a:a:a:a:a:a:',
  'x.y-http:x, greathttps://glued.example/, Emailmailto:glued@example.org, spam.https://joint.example/',
  're-http://joint.example/y http://exa_mple.com/ http://example.com:99999/ http://example..com/',
  'Braces, unsafe in a URI (its href escapes them): http://example.com/{x}/y and <URL:http://example.com/a|b>.',
  'Wide: “http://quote.example/”, ’http://apostrophe.example’, 「http://cjk.example/パス」、',
  'http://例え.テスト/パス ── http://box.example/─ café http://café.example/menu é',
  'A wrapper that never closes: <URL:http://www.example.com/unclosed',
  '',
  'and text goes on after a blank line: http://after.example/.',
  'Windows lines: http://crlf.example/one\r',
  '<URL:http://crlf.example/\r',
  '  two>\r',
  'old Mac lines: http://cr.example/one\rhttp://cr.example/two\rend',
];

const text = lines.join('\n');

/** Piece lengths the text is written in, in turn: short ones put chunk ends at every kind of place. */
const pieceLengths = [1, 2, 3, 5, 7, 11, 13, 64, 4, 9, 17, 1, 256, 6, 31, 2];

/** Times the text is read: the first reading gives V8 the functions' feedback; the second, written whole, the branches a whole chunk takes. */
const readings = 2;

/** Read the built-in text with `options` and `makeRecord` (the run's), for the records' side effect on V8 alone: nothing is kept. */
export function warmUp(options: ScanOptions, makeRecord: RecordFactory = createRecord): void {
  const resolved = resolveScanOptions(options);
  for (let reading = 0; reading < readings; reading++) {
    const scanner = new Scanner(resolved, makeRecord);
    if (reading === 0) {
      let at = 0;
      for (let piece = 0; at < text.length; piece++) {
        const length = pieceLengths[piece % pieceLengths.length] as number;
        scanner.write(text.slice(at, at + length));
        at += length;
      }
    } else {
      kept = [...scanner.write(text), ...scanner.end()];
      continue;
    }
    scanner.end();
  }
}

/** The records of the warm-up's last reading, until the run's writer takes them. */
let kept: UrlRecord[] = [];

/**
 * The records the warm-up made (every form, scheme, reading and error its
 * text holds), once: a row writer writes them before the run's first row,
 * so that V8 has seen every branch of it before optimizing it (otherwise
 * the first record of a rarer kind after that throws the optimized code
 * away). Empty when no warm-up ran, or after the first call.
 */
export function takeWarmUpRecords(): readonly UrlRecord[] {
  const records = kept;
  kept = [];
  return records;
}

/**
 * A text file read whole (below `streamInputsFrom`) from this size on is
 * warmed up for too: on 8 MB of text the run took 0.93 of its time cold
 * (wall, paired median of ten, load 3; its CPU 0.99: the optimizing
 * compiler's work moves off the critical path rather than away), on 4 MB
 * 0.98, on 1 MB no measurable change.
 */
export const warmUpWholeFrom = 4 * 1024 * 1024;

/** Has the scanner been warmed up in this process (or worker)? */
let warmedUp = false;

/** Warm the scanner up before the first big text file of the process (or worker); later calls do nothing. */
export function warmUpOnce(options: ScanOptions, makeRecord: RecordFactory = createRecord): void {
  if (warmedUp) return;
  warmedUp = true;
  warmUp(options, makeRecord);
}

/** Has `warmUpOnce` run (for tests)? */
export function isWarmedUp(): boolean {
  return warmedUp;
}

/** The built-in text (for tests). */
export const warmUpText = text;
