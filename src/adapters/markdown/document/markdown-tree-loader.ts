/**
 * The Markdown parser (`markdown-tree.ts`), loaded the first time a
 * document needs it: a document the unit reader reads whole (most small
 * ones) loads no parser at all. Loading is synchronous, so that a document
 * found to need remark halfway is read on from where it is: Node's
 * `require` loads the bundled parser (`markdown-tree.bundle.cjs`, one file
 * made by the build), or the module itself where there is no bundle (an ES
 * module without top-level await, which `require` loads on Node 20.19 and
 * later). The command's script holds the bundled parser and says how to
 * run it (`loadMarkdownTreeWith`).
 */
import { createRequire } from 'node:module';

/** What `markdown-tree.ts` exports. */
export type MarkdownTreeModule = typeof import('./markdown-tree.js');

let loaded: MarkdownTreeModule['markdownTree'] | undefined;

/** How the parser is loaded when first needed, where a caller said (`loadMarkdownTreeWith`). */
let load: (() => MarkdownTreeModule) | undefined;

/** Use `module`'s parser from now on (for a caller that has it loaded already). */
export function useMarkdownTree(module: MarkdownTreeModule): void {
  loaded = module.markdownTree;
}

/**
 * Load the parser with `loader` when a document first needs it (the
 * command's script, which holds the bundled parser, unrun until then, so
 * that V8's code cache of the script covers it too).
 */
export function loadMarkdownTreeWith(loader: () => MarkdownTreeModule): void {
  load = loader;
}

/** The parser, loaded now if it is not yet. */
export function markdownTreeReader(): MarkdownTreeModule['markdownTree'] {
  if (loaded !== undefined) return loaded;
  if (load !== undefined) {
    loaded = load().markdownTree;
    return loaded;
  }
  const require = createRequire(import.meta.url);
  let module: MarkdownTreeModule;
  try {
    module = require('./markdown-tree.bundle.cjs') as MarkdownTreeModule;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    module = require('./markdown-tree.js') as MarkdownTreeModule;
  }
  loaded = module.markdownTree;
  return loaded;
}
