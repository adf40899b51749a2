#!/usr/bin/env node
/**
 * Writes what is made from the flag table (run after `npm run build`):
 * `urlsift.schema.json`, the JSON Schema of the config file, and the
 * README's option block (the options part of `urlsift --help`). Tests hold
 * both equal to the table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { configSchemaText } from '../dist/cli/config-schema.js';
import { optionsText } from '../dist/cli/help-text.js';

writeFileSync(new URL('../urlsift.schema.json', import.meta.url), configSchemaText());

const readmeUrl = new URL('../README.md', import.meta.url);
const readme = readFileSync(readmeUrl, 'utf8');
const marker = '<!-- options: the output of urlsift --help; test/cli/options.test.ts holds them equal -->';
const start = readme.indexOf(marker);
if (start === -1) throw new Error(`README.md has no line ${marker}`);
const open = readme.indexOf('```\n', start);
const close = readme.indexOf('\n```', open + 4);
writeFileSync(readmeUrl, `${readme.slice(0, open + 4)}${optionsText('scan')}${readme.slice(close)}`);
