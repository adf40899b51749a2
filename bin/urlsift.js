#!/usr/bin/env node
// V8's settings first (src/cli/start-flags.ts): some act only when set before the command's modules load
import { setStartFlags } from '../dist/cli/start-flags.js';

setStartFlags();
const { main } = await import('../dist/cli/main.js');
main();
