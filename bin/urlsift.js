#!/usr/bin/env node
// the command as the build bundles it (dist/cli-bundle/, made from dist/cli/main.js by scripts/bundle.js): it starts sooner than the modules one by one
import { main } from '../dist/cli-bundle/main.js';

main();
