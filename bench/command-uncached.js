#!/usr/bin/env node
/**
 * The command as bin/urlsift.js runs it, but compiled without its code
 * cache (dist/cli-bundle/command.code-cache): the bench times both, so
 * that what the cache saves is in each run's figures.
 *
 *   node bench/command-uncached.js [ARGUMENTS OF THE COMMAND...]
 */
import { fileURLToPath } from 'node:url';
import { setStartFlags } from '../dist/cli/start-flags.js';

setStartFlags();
const { loadCommandScript } = await import('../dist/cli/command-script.js');
loadCommandScript(fileURLToPath(new URL('../dist/cli-bundle/command.cjs', import.meta.url)), false).exports.main();
