/**
 * The RFC's own text: exactly its 30 URLs, in order, nothing else.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';

const rfc = readFileSync(new URL('../../corpus/text/rfc1738.txt', import.meta.url), 'utf8');

/** Worked out by reading the RFC: every `<URL:...>`, wrappers rejoined. */
const expected = [
  'http://www.acl.lanl.gov/URI/archive/uri-archive.index.html', // §1
  'ftp://@host.com/', // §3.1
  'ftp://host.com/',
  'ftp://foo:@host.com/',
  'ftp://myname@host.dom/%2Fetc/motd', // §3.2.2
  'ftp://myname@host.dom/etc/motd',
  'ftp://myname@host.dom//etc/motd',
  'news:*', // §3.6
  'file://vms.host.edu/disk$user/my/notes/note12345.txt', // §3.10
  'prospero://host.dom//pros/name', // §3.11
  'ftp://info.cern.ch/pub/www/doc;type=d', // Appendix example
  'ftp://ds.internic.net/rfc',
  'http://ds.internic.net/instructions/overview.html#WARNING',
  'ftp://ds.internic.net/rfc/rfc1436.txt;type=a', // References
  'ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt',
  'ftp://ds.internic.net/rfc/rfc1630.txt',
  'ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z',
  'ftp://ds.internic.net/rfc/rfc1123.txt',
  'ftp://ds.internic.net/rfc/rfc822.txt',
  'ftp://quake.think.com/pub/wais/doc/protspec.txt',
  'ftp://ds.internic.net/rfc/rfc1036.txt',
  'ftp://quake.think.com/pub/wais/doc/doc-ids.txt',
  'ftp://ds.internic.net/rfc/rfc977.txt',
  'ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt',
  'ftp://ds.internic.net/rfc/rfc1034.txt',
  'ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z',
  'ftp://ds.internic.net/rfc/rfc959.txt',
  'ftp://ds.internic.net/rfc/rfc1737.txt',
  'ftp://ds.internic.net/rfc/rfc1625.txt',
  'ftp://uu.psi.com/wp/nir.txt',
];

describe('corpus/text/rfc1738.txt', () => {
  const records = scan(rfc);

  it('yields exactly its 30 URLs, in order', () => {
    expect(expected).toHaveLength(30);
    expect(records.map((record) => record.url)).toEqual(expected);
  });

  it('finds every one in a <URL:...> wrapper, valid, with no alternative reading', () => {
    for (const record of records) {
      expect(record.form).toBe('url-wrapper');
      expect(record.alternatives).toEqual([]);
      expect(record.raw.startsWith('<URL:')).toBe(true);
      expect(record.raw.endsWith('>')).toBe(true);
      expect(rfc.slice(record.start.offset, record.end.offset)).toBe(record.raw);
      expect({ url: record.url, valid: record.valid, errors: record.errors }).toEqual({
        url: record.url,
        valid: true,
        errors: [],
      });
    }
  });

  it('points at the Appendix example where it stands in the file', () => {
    const appendix = records.slice(10, 13).map(({ start, end, raw }) => ({ start, end, raw }));
    expect(appendix).toEqual([
      {
        start: { line: 1222, column: 34, offset: 45820 },
        end: { line: 1223, column: 14, offset: 45870 },
        raw: '<URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>',
      },
      {
        start: { line: 1223, column: 52, offset: 45908 },
        end: { line: 1224, column: 22, offset: 45946 },
        raw: '<URL:ftp://ds.in\n      ternic.net/rfc>',
      },
      {
        start: { line: 1224, column: 45, offset: 45969 },
        end: { line: 1225, column: 46, offset: 46039 },
        raw: '<URL:http://ds.internic.\n      net/instructions/overview.html#WARNING>',
      },
    ]);
  });

  it('gives the parts of the Appendix example', () => {
    expect(records[10]?.parts).toMatchObject({ host: 'info.cern.ch', cwd: ['pub', 'www'], name: 'doc', typecode: 'd' });
    expect(records[11]?.parts).toMatchObject({ host: 'ds.internic.net', cwd: [], name: 'rfc' });
    expect(records[12]?.parts).toMatchObject({
      host: 'ds.internic.net',
      path: 'instructions/overview.html',
      fragment: 'WARNING',
    });
  });
});
