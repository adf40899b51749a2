/**
 * Locks the public exports of `urlsift/remark`: a change here is a change of the API.
 */
import { expect, it } from 'vitest';
import * as remark from '../../src/remark.js';

it('urlsift/remark exports the plugin as default only', () => {
  expect(Object.keys(remark).sort()).toEqual(['default']);
  expect(typeof remark.default).toBe('function');
});
