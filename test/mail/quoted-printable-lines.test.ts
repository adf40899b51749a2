/**
 * Quoted-printable lines are decoded straight from the message bytes, line
 * by line, as libqp decodes a line alone: the text must be libqp's, byte for
 * byte, on every shape of line (padding before the break, soft breaks after
 * padding, cut and lower-case escapes, 8-bit bytes, CRLF, no final break),
 * and each unit must point at the bytes it came from.
 */
import libqp from 'libqp';
import { describe, expect, it } from 'vitest';
import { resolveCharset } from '../../src/decode/charset.js';
import { decodeBody } from '../../src/adapters/mail/decode-body.js';

/** The body decoded by libqp one physical line at a time, read as Latin-1 (one unit per byte). */
function byLibqp(body: string): string {
  const lines = body.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  return lines.map((line) => libqp.decode(line).toString('latin1')).join('');
}

function decoded(body: string, charset = 'iso-8859-1'): ReturnType<typeof decodeBody> {
  const bytes = Buffer.from(body, 'latin1');
  return decodeBody({ bytes, start: 0, end: bytes.length, line: 0, column: 1 }, 'quoted-printable', resolveCharset(charset, bytes));
}

// rule: qp-soft-line-break
describe('quoted-printable lines, decoded from the bytes', () => {
  it.each([
    ['plain', 'see http://a.example/\n'],
    ['padding before the break', 'see http://a.example/ \t \n'],
    ['padding before CRLF', 'see http://a.example/  \r\n'],
    ['soft break', 'http://a.exa=\nmple/\n'],
    ['soft break after padding', 'http://a.exa=  \nmple/\n'],
    ['soft break before CRLF', 'http://a.exa=\r\nmple/\r\n'],
    ['escapes, both cases', 'a=3Db=3dc=C3=A9\n'],
    ['an escape cut by the line end', 'a=4\nb=\n'],
    ['an escape followed by padding', 'a=4 \nb\n'],
    ['two equals signs then the break', 'a==\nb\n'],
    ['a lone equals sign', 'a = b =ZZ =\n'],
    ['8-bit bytes sent raw', 'caf\u00e9 \u00ff=E9\n'],
    ['no final line break', 'http://a.example/x=3Dy  '],
    ['a final soft break', 'http://a.example/x='],
    ['an empty line and a padded one', '\n \t\nx\n'],
    ['a CR inside a line (left to libqp)', 'a\rb=3D\n'],
  ])('%s', (_, body) => {
    const text = decoded(body).text;
    expect(text.text).toBe(byLibqp(body));
  });

  it('each unit points at its bytes: `=3D` three of them, padding and soft breaks none', () => {
    const body = 'ab=3Dc  \nd=\ne\n';
    const { text } = decoded(body);
    expect(text.text).toBe('ab=c\nde\n');
    const spans = [...text.text].map((_, unit) => [text.start(unit), text.end(unit + 1)]);
    expect(spans).toEqual([
      [0, 1], // a
      [1, 2], // b
      [2, 5], // =3D
      [5, 6], // c
      [8, 9], // the line feed, after the padding
      [9, 10], // d
      [12, 13], // e, after the soft break
      [13, 14], // its line feed
    ]);
  });

  it('a multi-byte character split by a soft break is one unit spanning both lines', () => {
    const body = 'x=C3=\n=A9y\n';
    const { text } = decoded(body, 'utf-8');
    expect(text.text).toBe('xéy\n');
    expect(text.startPlace(1)).toEqual({ offset: 1, line: 0, column: 2 });
    expect(text.endPlace(2)).toEqual({ offset: 9, line: 1, column: 4 });
  });

  /**
   * Where each unit must point, walked from the source apart, line by line:
   * `=XX` its three bytes (and columns), padding before a break and a soft
   * break nothing, any other byte itself.
   */
  function expectedPlaces(body: string): Array<[number, number, number, number]> {
    const places: Array<[number, number, number, number]> = [];
    let lineStart = 0;
    for (const line of body.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
      const content = line.replace(/\r?\n$/, '');
      const trimmed = content.replace(/[ \t]+$/, '');
      const soft = trimmed.endsWith('=');
      const dataEnd = soft ? trimmed.length - 1 : trimmed.length;
      for (let i = 0; i < dataEnd; ) {
        const span = line[i] === '=' && i + 2 < dataEnd && /^[0-9A-Fa-f]{2}$/.test(line.slice(i + 1, i + 3)) ? 3 : 1;
        places.push([lineStart + i, i + 1, lineStart + i + span, i + 1 + span]);
        i += span;
      }
      if (!soft) for (let i = content.length; i < line.length; i++) places.push([lineStart + i, i + 1, lineStart + i + 1, i + 2]);
      lineStart += line.length;
    }
    return places;
  }

  it.each([
    ['escapes of ASCII between runs', 'a=3Db=20c=09d\n'],
    ['escapes only', '=3D=3D=3D\n'],
    ['an escape at the end, then a soft break', 'http://a.example/?x=3D=\ny=3D1\n'],
    ['padding before the break', 'x=3Dy  \t\n'],
    ['CRLF', 'x=3Dy\r\nz=3D\r\n'],
    ['a lone and a cut equals sign', 'a =ZZ b=3Dc=4\n'],
    ['no final break', 'href=3D"http://a.example/"'],
  ])('a line that decodes to ASCII: %s, each unit at its bytes and columns', (_, body) => {
    const { text } = decoded(body);
    expect(text.text).toBe(byLibqp(body));
    const places = [...text.text].map((_unit, unit) => {
      const start = text.startPlace(unit);
      const end = text.endPlace(unit + 1);
      return [start.offset, start.column, end.offset, end.column];
    });
    expect(places).toEqual(expectedPlaces(body));
  });
});
