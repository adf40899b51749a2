#!/usr/bin/env node
// V8's settings first (src/cli/start-flags.ts): some act only when set before the command's modules load
import { setStartFlags } from '../dist/cli/start-flags.js';

setStartFlags();
// the command as the build bundles it (dist/cli-bundle/, made from dist/cli/main.js by scripts/bundle.js): it starts sooner than the modules one by one
const { main } = await import('../dist/cli-bundle/main.js');
main();
