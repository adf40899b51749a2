/**
 * Text parts before scanning: quote prefixes removed at any depth,
 * format=flowed unwrapped (with and without DelSp), and offsets mapped back.
 * `|` marks where a line ended in the input (read: "\n").
 */
import { describe, expect, it } from 'vitest';
import { prepareTextPart, TextPartPreparer } from '../../src/adapters/mail/text-part.js';

const nl = (text: string): string => text.replaceAll('|', '\n');

// rule: format-flowed
// rule: quote-stripping
describe('prepareTextPart', () => {
  it.each([
    ['plain text is unchanged', 'a b|c|', 'a b|c|'],
    ['one level of quoting', '> a|> b|', 'a|b|'],
    ['two levels, with and without spaces', '>> a|> > b|>>c|', 'a|b|c|'],
    ['an empty quoted line', '>|> x|', '|x|'],
    ['a wrapper across quoted lines', '>> see <URL:http://a.b/c/|>> d.html>|', 'see <URL:http://a.b/c/|d.html>|'],
    ['CRLF line ends', '> a\r\n> b\r\n', 'a\r\nb\r\n'],
    ['a > inside a line quotes nothing', 'a > b|c>d|', 'a > b|c>d|'],
    ['spaces and tabs before and between the marks', ' \t> a|> \t> b|', 'a|b|'],
    ['quoted lines among plain ones, the last unended', '  a|> b|c|>> d', '  a|b|c|d'],
    ['a mark alone, then one with two spaces after it', '>|>  a|', '| a|'],
  ])('not flowed: %s', (_, input, expected) => {
    expect(prepareTextPart(nl(input), { flowed: false, delSp: false }).text).toBe(nl(expected));
  });

  it.each([
    ['soft breaks join, the space stays', 'one |two|three|', 'one two|three|', false],
    ['DelSp: the space goes', 'http://a.b/ve |ry/long|', 'http://a.b/very/long|', true],
    ['quoted flowed lines of one depth join', '> a |> b|', 'a b|', false],
    ['a change of depth ends the paragraph', '> a |>> b|', 'a |b|', false],
    ['space-stuffing is removed', ' From here|', 'From here|', false],
    ['the signature separator is not soft', '-- |me|', '-- |me|', false],
  ])('flowed: %s', (_, input, expected, delSp) => {
    expect(prepareTextPart(nl(input), { flowed: true, delSp }).text).toBe(nl(expected));
  });

  it.each([
    ['quoted', nl('a|>> see <URL:http://a.b/c/|>> d.html>|b|')],
    ['with no quote', nl('a|see <URL:http://a.b/c/|d.html>|b|')],
  ])('maps offsets back to the decoded text in pieces (%s)', (_, input) => {
    const preparer = new TextPartPreparer({ flowed: false, delSp: false });
    for (let at = 0; at < input.length; at += 5) preparer.write(input.slice(at, at + 5));
    preparer.end();
    const text = preparer.map.text;
    const start = text.indexOf('<URL:');
    const end = text.indexOf('>', start) + 1;
    expect(text.slice(start, end)).toBe('<URL:http://a.b/c/\nd.html>');
    expect(input.slice(preparer.map.start(start), preparer.map.end(end))).toBe(input.slice(input.indexOf('<URL:'), input.indexOf('.html>') + 6));
  });

  it('maps offsets back to the decoded text', () => {
    const input = nl('>> see <URL:http://a.b/c/|>> d.html>|');
    const { text, map } = prepareTextPart(input, { flowed: false, delSp: false });
    const start = text.indexOf('<URL:');
    const end = text.indexOf('>', start) + 1;
    expect(input.slice(map.start(start), map.end(end))).toBe('<URL:http://a.b/c/\n>> d.html>');
  });
});
