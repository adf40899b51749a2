#!/usr/bin/env node
/**
 * Part of the build (scripts/bundle.js runs it in a process of its own):
 * V8's code cache of the command's script, written beside it
 * (dist/cli-bundle/command.code-cache), after the command has run over a
 * sample, so that the cache holds the functions a run uses, compiled.
 *
 *   node scripts/code-cache.js SCRIPT [ARGUMENTS OF THE COMMAND...]
 *
 * The process is set up as bin/urlsift.js sets up the command's: the same
 * start flags before the script is compiled (V8 takes a cache only under
 * the flags it was made with). The V8 flags the command sets as it runs
 * are not set here, so that the flags are still those when the cache is
 * made: they change how fast it runs, never what it finds.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import { setStartFlags } from '../dist/cli/start-flags.js';
import { codeCacheFile, loadCommandScript } from '../dist/cli/command-script.js';

setStartFlags();
v8.setFlagsFromString = () => {};
const file = process.argv[2];
process.argv.splice(2, 1);
const script = loadCommandScript(file, false);
process.on('exit', () => {
  fs.writeFileSync(codeCacheFile(file), script.createCodeCache());
});
script.exports.main();
