#!/usr/bin/env node
// V8's settings first (src/cli/start-flags.ts): some act only when set before the command's modules load
import { setStartFlags } from '../dist/cli/start-flags.js';

setStartFlags();
// the command as the build bundles it: one script (dist/cli-bundle/command.cjs, made from dist/cli/main.js by
// scripts/bundle.js), compiled with V8's code cache of it where V8 takes it (src/cli/command-script.ts)
const { loadCommandScript } = await import('../dist/cli/command-script.js');
const { fileURLToPath } = await import('node:url');
loadCommandScript(fileURLToPath(new URL('../dist/cli-bundle/command.cjs', import.meta.url))).exports.main();
