/**
 * Schemes that start a bare URL in running text. A bare URL needs one of these
 * followed by `:`; unknown schemes are found only inside `<URL:...>` wrappers.
 *
 * `hierarchical` schemes follow RFC 1738 §3.1 (`//` then a host): in running
 * text they are URLs only with a host after the `//` (`file` may have an empty
 * one).
 */
export interface KnownScheme {
  readonly hierarchical: boolean;
  /** May the host after `//` be empty (`file:///etc/motd`)? */
  readonly emptyHost?: boolean;
}

export const knownSchemes: Readonly<Record<string, KnownScheme>> = {
  // RFC 1738 §3
  ftp: { hierarchical: true },
  http: { hierarchical: true },
  gopher: { hierarchical: true },
  mailto: { hierarchical: false },
  news: { hierarchical: false },
  nntp: { hierarchical: true },
  telnet: { hierarchical: true },
  wais: { hierarchical: true },
  file: { hierarchical: true, emptyHost: true },
  prospero: { hierarchical: true },
  // documented extension: http over TLS
  https: { hierarchical: true },
  // common registered schemes (IANA)
  ftps: { hierarchical: true },
  sftp: { hierarchical: true },
  ssh: { hierarchical: true },
  git: { hierarchical: true },
  svn: { hierarchical: true },
  rsync: { hierarchical: true },
  irc: { hierarchical: true },
  ircs: { hierarchical: true },
  ldap: { hierarchical: true },
  ldaps: { hierarchical: true },
  smb: { hierarchical: true },
  nfs: { hierarchical: true },
  ws: { hierarchical: true },
  wss: { hierarchical: true },
  webcal: { hierarchical: true },
  tel: { hierarchical: false },
  sip: { hierarchical: false },
  sips: { hierarchical: false },
  xmpp: { hierarchical: false },
  urn: { hierarchical: false },
  magnet: { hierarchical: false },
};

/** Longest known scheme name: how far back from a `:` the scanner looks. */
export const maxKnownSchemeLength = Math.max(...Object.keys(knownSchemes).map((name) => name.length));

/** The known scheme for a (lower-case) name, if any. */
export function knownScheme(name: string): KnownScheme | undefined {
  return Object.hasOwn(knownSchemes, name) ? knownSchemes[name] : undefined;
}
