#!/usr/bin/env node
// The command as the build bundles it: dist/cli-bundle/launch.cjs (src/cli/launch.ts) sets V8's start flags
// (src/cli/start-flags.ts: some act only when set before the command's modules load), then compiles the command's
// one script (dist/cli-bundle/command.cjs, made from dist/cli/main.js by scripts/bundle.js) with V8's code cache of
// it where V8 takes it (src/cli/command-script.ts). Loaded with `require`, and Node's modules taken as they are:
// an ES module of the package or an `import` of Node's costs more at every start than the little it does here.
const load = process.getBuiltinModule('node:module').createRequire(import.meta.url);
load('../dist/cli-bundle/launch.cjs').launch(load.resolve('../dist/cli-bundle/command.cjs'));
