/**
 * Tests run the sources, where there is no bundled Markdown parser and
 * Node's `require` cannot load a TypeScript module: the parser module is
 * handed to the loader, as the build's bundle is in dist/ (the bundle
 * itself is held to it in test/remark/markdown-tree-bundle.test.ts).
 */
import * as markdownTree from '../src/adapters/markdown/document/markdown-tree.js';
import { useMarkdownTree } from '../src/adapters/markdown/document/markdown-tree-loader.js';

useMarkdownTree(markdownTree);
