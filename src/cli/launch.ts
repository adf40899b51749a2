/**
 * What bin/urlsift.js runs: V8's start flags set (`start-flags.ts`), then
 * the command's script compiled with its code cache and run
 * (`command-script.ts`). The build bundles this module with those two into
 * one CommonJS file (dist/cli-bundle/launch.cjs, scripts/bundle.js), which
 * bin/urlsift.js loads with `require` and Node's built-in modules it takes
 * with `process.getBuiltinModule`: no ES module of the package is loaded
 * at all (as ES modules, the two and the built-in modules they import
 * cost some 12 M instructions of every start, callgrind).
 */
import { loadCommandScript } from './command-script.js';
import { setStartFlags } from './start-flags.js';

/** Set the start flags, then run the command of `script` (dist/cli-bundle/command.cjs). */
export function launch(script: string): void {
  setStartFlags();
  const main = loadCommandScript(script).exports.main as () => void;
  main();
}
