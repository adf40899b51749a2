/**
 * Every test file may call the synchronous `scanMarkdown`, which needs
 * remark loaded for the parts its own reader does not read (the command
 * and the package load it when a document first needs it).
 */
import { loadRemark } from '../src/adapters/markdown/scan-markdown.js';

await loadRemark();
