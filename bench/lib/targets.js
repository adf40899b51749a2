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
  /** Whole CLI on one big text file, one thread, start-up included: MB/s by output format. */
  cliBigFileMbps: { text: 200, jsonl: 150 },
  /** Whole CLI over the 2,000-file tree: --jobs 1 time over --jobs 2 time. */
  jobsSpeedup: 1.5,
  /** urlsift check on 1,000 distinct URLs of a local server answering in 50 ms, default concurrency: ms at most. */
  check1000Ms: 5000,
  /** The HTML link report of 100,000 URLs over 2,000 hosts: seconds for a browser to load and draw it, at most. */
  reportPageSeconds: 20,
};
