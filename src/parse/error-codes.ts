/**
 * Every validation error `parse` can report, with a sentence for people.
 *
 * The keys are stable kebab-case codes: callers may match on them. The messages
 * may be reworded. An error's own message is the code's sentence here, but
 * for `non-ascii`, whose message names the characters of its run and their
 * UTF-8 encoding. Grouped as the RFC is: §2.1 scheme, §2.2 characters, §3.1
 * common internet scheme syntax, then the schemes of §3.
 */
// rule: error-codes
export const errorCodes = {
  // §2.1 The main parts of URLs
  'missing-scheme': 'A URL starts with a scheme and ":" (such as "http:")',
  'bad-scheme': 'A scheme has only letters, digits, "+", "-" and "."',

  // §2.2 URL character encoding issues
  'bad-escape': 'A "%" must start an escape: "%" and two hexadecimal digits',
  'reserved-character': 'This reserved character has a special meaning here and must be encoded',
  'unsafe-character': 'The unsafe characters "<", ">", """ and "#" must be encoded',
  'national-character': 'The characters "{", "}", "|", "\\", "^", "~", "[", "]" and "`" must be encoded',
  'control-character': 'Control characters (00-1F and 7F hexadecimal) must be encoded',
  space: 'A space must be encoded as "%20"',
  'non-ascii':
    'Characters outside US-ASCII must be encoded as UTF-8 octets (RFC 3987 §3.1; in a host name, IDNA); each error names its run of characters and their encoding',
  'invisible-character':
    'Bidirectional controls and invisible characters (U+200B-U+200F, U+202A-U+202E, U+2060, U+2066-U+2069, U+FEFF) hide what a URL says; encoded or not, they have no place in one',

  // §3.1 Common Internet Scheme Syntax
  'missing-double-slash': 'This scheme needs "//" before the host',
  'missing-host': 'This scheme needs a host',
  'bad-host-label':
    'A host name is labels separated by "."; each has letters, digits and "-", starts and ends with a letter or digit, and the last starts with a letter',
  'bad-host-number': 'A host number is four groups of decimal digits separated by "." (such as 10.0.0.1)',
  'port-not-digits': 'A port is one or more decimal digits',
  'port-out-of-range': 'A port number is at most 65535',
  'port-not-allowed': 'This scheme has no port',
  'userinfo-not-allowed': 'This scheme allows no user name or password',
  'missing-url-path': 'This scheme needs "/" and a url-path after the host',
  'unexpected-url-path': 'Nothing may follow the final "/" of this scheme',

  // §3.2 FTP
  'bad-typecode': 'The ";type=" typecode is one of "a", "i" or "d"',
  // §3.5 MAILTO
  'empty-address': 'A mailto URL needs an address',
  'bad-address': 'A mailto URL holds an RFC 822 address: a local part, "@" and a domain',
  // §3.6 NEWS, §3.7 NNTP
  'bad-newsgroup': 'A newsgroup name starts with a letter and has only letters, digits, "-", ".", "+" and "_"',
  'bad-message-id': 'A message-id is <unique>@<host> with a non-empty <unique>',
  'bad-article-number': 'An article number is one or more decimal digits',
  // §3.9 WAIS
  'bad-wais-path': 'A WAIS url-path is <database>, <database>?<search> or <database>/<wtype>/<wpath>',
  // §3.11 PROSPERO
  'bad-fieldspec': 'A Prospero field is ";" <field> "=" <value>',

  // urlsift
  'too-many-errors': 'Too many errors; the rest are not reported',
} as const;

/** A stable kebab-case validation error code: a key of {@link errorCodes}. */
export type ErrorCode = keyof typeof errorCodes;
