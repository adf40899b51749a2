/** Performance targets, printed next to the figures. */
export const targets = {
  /** scan() on real text, one thread, MB/s. */
  realTextMbps: 300,
  /** scan() throughput over linkify-it's on the same text. */
  vsLinkifyIt: 15,
  /** scan() on a list of real URLs, one a line: µs per record at most, and MB/s at least. */
  urlListMicrosPerRecord: 1,
  urlListMbps: 50,
  /** Hostile input: time per byte at most this many times that of real text. */
  hostileRatio: 3,
  /**
   * Whole CLI on one big text file, one thread, start-up included: its time
   * over the floor's (a fresh node reading and decoding the same file, in
   * the same round) at most, by output format.
   */
  cliBigFileOverFloor: { text: 2.7, jsonl: 3.5 },
  /** The same file as JSON Lines: its time over text's (same round) at most. */
  jsonlOverText: 1.1,
  /** Whole CLI over the 2,000-file tree: --jobs 1 time over --jobs 2 time. */
  jobsSpeedup: 1.5,
  /** urlsift check on 1,000 distinct URLs of a local server answering in 50 ms, default concurrency: ms at most. */
  check1000Ms: 5000,
  /** The HTML link report of 100,000 URLs over 2,000 hosts: seconds for a browser to load and draw it, at most. */
  reportPageSeconds: 20,
};
